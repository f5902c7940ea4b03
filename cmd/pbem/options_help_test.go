package main

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/ardennes44"
	"github.com/pbem-referee/pbem/rules/salerno43"
)

// 'pbem new --help' names every option the engines with optional rules
// know, so that a player finds them where he gives them.
func TestNewHelpListsOptions(t *testing.T) {
	help := newCmd().Long
	for game, opts := range map[string]map[string]string{"ardennes44": ardennes44.Options(), "salerno43": salerno43.Options()} {
		for name := range opts {
			if !strings.Contains(help, "\n  "+name+" ") {
				t.Errorf("'pbem new --help' does not list %s's option %s", game, name)
			}
		}
	}
}
