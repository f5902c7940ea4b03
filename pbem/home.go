// Package pbem is the application: a player's home (identity, keys, store), the
// games it takes part in, and the operations the command line offers on them.
package pbem

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Home is where one player's state lives: $PBEM_HOME when set (so that two
// players can share one machine, as tests and the demo do), otherwise the user's
// configuration directory for keys and settings and data directory for the store.
type Home struct {
	Config string // identity and keys
	Data   string // the store
}

// FindHome locates the home from the environment.
func FindHome() (Home, error) {
	if dir := os.Getenv("PBEM_HOME"); dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return Home{}, fmt.Errorf("PBEM_HOME: %w", err)
		}
		return Home{Config: abs, Data: abs}, nil
	}
	cfg, err := os.UserConfigDir()
	if err != nil {
		return Home{}, fmt.Errorf("no configuration directory (set PBEM_HOME): %w", err)
	}
	data := os.Getenv("XDG_DATA_HOME")
	if data == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return Home{}, fmt.Errorf("no home directory (set PBEM_HOME): %w", err)
		}
		data = filepath.Join(h, ".local", "share")
	}
	return Home{Config: filepath.Join(cfg, "pbem"), Data: filepath.Join(data, "pbem")}, nil
}

// StorePath is the SQLite store's file.
func (h Home) StorePath() string { return filepath.Join(h.Data, "pbem.db") }

// KeyPath is the private key's file.
func (h Home) KeyPath() string { return filepath.Join(h.Config, "id_pbem") }

// IdentityPath is the file naming the player.
func (h Home) IdentityPath() string { return filepath.Join(h.Config, "identity.json") }

// ErrNoIdentity means the player has not made or imported a key yet.
var ErrNoIdentity = errors.New("no identity: make one with 'pbem id new --name NAME --email ADDR' or 'pbem id import PATH'")

func (h Home) ensure() error {
	for _, d := range []string{h.Config, h.Data} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
	}
	return nil
}
