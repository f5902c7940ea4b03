// Package pbem is the application: a player's home (identity, keys, store), the
// games it takes part in, and the operations the command line offers on them.
package pbem

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Home is where one player's state lives: $PBEM_HOME when set (so that two
// players can share one machine, as tests and the demo do), otherwise the
// platform's folders for settings and for data (dataDirs).
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
	user, err := os.UserHomeDir()
	if err != nil {
		return Home{}, fmt.Errorf("no home directory (set PBEM_HOME): %w", err)
	}
	h, err := platformHome(runtime.GOOS, os.Getenv, user)
	if err != nil {
		return Home{}, err
	}
	// pbem before this version kept the store in ~/.local/share/pbem on
	// every system: a store there is used until one exists in the new place.
	if legacy := filepath.Join(user, ".local", "share", "pbem"); legacy != h.Data && exists(filepath.Join(legacy, storeFile)) && !exists(filepath.Join(h.Data, storeFile)) {
		h.Data = legacy
	}
	return h, nil
}

// platformHome is the home in the folders each system keeps for
// applications, as os.UserConfigDir chooses them:
//
//	linux, BSD: $XDG_CONFIG_HOME/pbem (~/.config/pbem) and $XDG_DATA_HOME/pbem (~/.local/share/pbem)
//	macOS:      ~/Library/Application Support/pbem, for both
//	Windows:    %AppData%\pbem (roams with the user) and %LocalAppData%\pbem (the store stays on the machine)
func platformHome(goos string, getenv func(string) string, user string) (Home, error) {
	switch goos {
	case "darwin", "ios":
		dir := filepath.Join(user, "Library", "Application Support", "pbem")
		return Home{Config: dir, Data: dir}, nil
	case "windows":
		cfg, data := getenv("AppData"), getenv("LocalAppData")
		if cfg == "" {
			return Home{}, errors.New("%AppData% is not set: set PBEM_HOME to the folder pbem should keep its keys and games in")
		}
		if data == "" {
			data = cfg
		}
		return Home{Config: filepath.Join(cfg, "pbem"), Data: filepath.Join(data, "pbem")}, nil
	case "plan9":
		dir := filepath.Join(user, "lib", "pbem")
		return Home{Config: dir, Data: dir}, nil
	}
	cfg := getenv("XDG_CONFIG_HOME")
	if cfg == "" || !filepath.IsAbs(cfg) {
		cfg = filepath.Join(user, ".config")
	}
	data := getenv("XDG_DATA_HOME")
	if data == "" || !filepath.IsAbs(data) {
		data = filepath.Join(user, ".local", "share")
	}
	return Home{Config: filepath.Join(cfg, "pbem"), Data: filepath.Join(data, "pbem")}, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// storeFile is the store's file name in Home.Data.
const storeFile = "pbem.db"

// StorePath is the SQLite store's file.
func (h Home) StorePath() string { return filepath.Join(h.Data, storeFile) }

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
