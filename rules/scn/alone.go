package scn

import "fmt"

// ReadAlone reads a side file of this kind on its own, as a game's Files
// check does before any scenario names it (Ardennes '44's and Salerno '43's
// chart files): the file named name, whose text is data, must hold the
// game's "game" line and a keyword line naming the file itself; sections
// are the game's readers of its records into p, and finish, when set, runs
// the game's checks of the whole file. Every problem is reported, each
// naming its line, under the file's name.
func (m *Maps) ReadAlone(name string, data []byte, sections func(p *Parser) []Section, finish func(p *Parser)) error {
	p := &Parser{}
	kw := m.keyword()
	p.Read(data, Grammar{
		Game:     m.Game,
		Headers:  m.Headers,
		Required: []string{"game", kw},
		Header: func(l Line, key, value string) {
			if key == kw && value+m.Ext != name {
				p.Errf(l.N, ErrInvalid, "%s %q, but the file is %s", kw, value, name)
			}
		},
		Sections: sections(p),
	})
	if finish != nil {
		finish(p)
	}
	if err := p.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
