package replay

import (
	"encoding/base64"
	"fmt"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// MaxScenarioBytes bounds the scenario an invite may carry: ten times the
// assembled Normandy '44 campaign, the largest that ships, small enough that
// a hostile invite cannot make every verifier hold much, and small enough that
// its base64 fits in one line of the log (MaxLine).
const MaxScenarioBytes = 512 << 10

// inviteScenario returns the scenario an invite starts from: the bytes it
// carries (a player's own scenario file), or else the shipped one its
// loader finds by name. Either must match the invite's digest.
func inviteScenario(invite *logs.Entry, load Loader) ([]byte, error) {
	b := &invite.Body
	if b.ScenarioData == "" {
		scenario, err := load.Scenario(b.Rules, b.Scenario)
		if err != nil {
			return nil, entryErr(0, ErrScenario, "%v", err)
		}
		d := Digest(scenario)
		if d == b.Digest {
			return scenario, nil
		}
		// A game begun before the shipped scenario changed goes on on the
		// text it began on.
		if pl, ok := load.(PastLoader); ok {
			past, err := pl.PastScenarios(b.Rules, b.Scenario)
			if err != nil {
				return nil, entryErr(0, ErrScenario, "%v", err)
			}
			for _, p := range past {
				if Digest(p) == b.Digest {
					return p, nil
				}
			}
		}
		return nil, entryErr(0, ErrScenario, "scenario %s/%s here has digest %s, and none of its earlier texts has the digest the invite names, %s (the two players have different scenario files)", b.Rules, b.Scenario, d, b.Digest)
	}
	if err := inviterSigned(invite); err != nil {
		return nil, err
	}
	if n := base64.StdEncoding.DecodedLen(len(b.ScenarioData)); n > MaxScenarioBytes+2 {
		return nil, entryErr(0, ErrScenario, "the invite carries a scenario of about %d bytes; at most %d are allowed", n, MaxScenarioBytes)
	}
	data, err := base64.StdEncoding.Strict().DecodeString(b.ScenarioData)
	if err != nil {
		return nil, entryErr(0, ErrScenario, "the scenario the invite carries (scenario_data) is not standard base64: %v", err)
	}
	if len(data) > MaxScenarioBytes {
		return nil, entryErr(0, ErrScenario, "the invite carries a scenario of %d bytes; at most %d are allowed", len(data), MaxScenarioBytes)
	}
	if d := Digest(data); d != b.Digest {
		return nil, entryErr(0, ErrScenario, "the scenario %s the invite carries has digest %s, but the invite names %s: its text was altered", b.Scenario, d, b.Digest)
	}
	return data, nil
}

// PastLoader is a Loader that also finds the earlier texts of a shipped
// scenario, assembled, newest first (games.PastScenarios): an invite made
// before the shipped scenario changed names it by the digest of one of them.
type PastLoader interface {
	PastScenarios(game, scenario string) ([][]byte, error)
}

// inviterSigned checks the invite's signature by the key its author's seat
// names before the scenario it carries is read, so that a text altered
// after signing is reported as such, and never parsed.
func inviterSigned(invite *logs.Entry) error {
	b := &invite.Body
	for _, s := range b.Seats {
		if s.Seat != b.By || s.Key == "" {
			continue
		}
		pub, err := logs.ParseAuthorizedKey(s.Key)
		if err != nil {
			return entryErr(0, ErrProtocol, "seat %s: key: %v", s.Seat, err)
		}
		if err := invite.Verify(pub); err != nil {
			return &EntryError{Seq: 0, Err: fmt.Errorf("%w: %v", ErrSignature, err)}
		}
		return nil
	}
	return entryErr(0, ErrProtocol, "the invite is by %q, which is not a seat with a key", b.By)
}

// EncodeScenario is the scenario_data of an invite that carries scenario,
// which must be within MaxScenarioBytes.
func EncodeScenario(scenario []byte) (string, error) {
	if len(scenario) > MaxScenarioBytes {
		return "", fmt.Errorf("the scenario is %d bytes assembled; a log carries at most %d", len(scenario), MaxScenarioBytes)
	}
	return base64.StdEncoding.EncodeToString(scenario), nil
}

// CarriesScenario reports whether the log carries its own scenario (a
// player's file) rather than naming one that ships with pbem.
func (r *Replay) CarriesScenario() bool { return r.invite.ScenarioData != "" }

// Setup is what the invite fixed: the assembled scenario, the variant and
// the options. Callers must not change it.
func (r *Replay) Setup() rules.Setup { return r.setup }
