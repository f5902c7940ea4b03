package pbem

import (
	"os"
	"path/filepath"
	"testing"
)

// Each system's folders for applications, as its users expect them
// (os.UserConfigDir's conventions); the store stays on the machine on Windows.
func TestPlatformHome(t *testing.T) {
	user := filepath.Join("/", "users", "anna")
	env := map[string]string{
		"AppData":      filepath.Join("C:", "Users", "anna", "AppData", "Roaming"),
		"LocalAppData": filepath.Join("C:", "Users", "anna", "AppData", "Local"),
	}
	for _, c := range []struct {
		goos string
		env  map[string]string
		want Home
	}{
		{"linux", nil, Home{Config: filepath.Join(user, ".config", "pbem"), Data: filepath.Join(user, ".local", "share", "pbem")}},
		{"linux", map[string]string{"XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"}, Home{Config: filepath.Join("/cfg", "pbem"), Data: filepath.Join("/data", "pbem")}},
		// XDG: a relative path is invalid and ignored.
		{"freebsd", map[string]string{"XDG_DATA_HOME": "rel"}, Home{Config: filepath.Join(user, ".config", "pbem"), Data: filepath.Join(user, ".local", "share", "pbem")}},
		{"darwin", nil, Home{Config: filepath.Join(user, "Library", "Application Support", "pbem"), Data: filepath.Join(user, "Library", "Application Support", "pbem")}},
		{"windows", env, Home{Config: filepath.Join(env["AppData"], "pbem"), Data: filepath.Join(env["LocalAppData"], "pbem")}},
	} {
		h, err := platformHome(c.goos, func(k string) string { return c.env[k] }, user)
		if err != nil || h != c.want {
			t.Errorf("%s %v: got %+v, %v; want %+v", c.goos, c.env, h, err, c.want)
		}
	}
	if _, err := platformHome("windows", func(string) string { return "" }, user); err == nil {
		t.Error("windows without %AppData%: no error")
	}
}

// PBEM_HOME wins over the platform's folders; a store an older pbem left in
// ~/.local/share/pbem is used until the platform's folder holds one.
func TestFindHome(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PBEM_HOME", dir)
	if h, err := FindHome(); err != nil || h.Config != dir || h.Data != dir {
		t.Errorf("PBEM_HOME=%s: got %+v, %v", dir, h, err)
	}
	t.Setenv("PBEM_HOME", "")
	t.Setenv("HOME", dir)
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "xdg"))
	legacy := filepath.Join(dir, ".local", "share", "pbem")
	if h, err := FindHome(); err != nil || h.Data != filepath.Join(dir, "xdg", "pbem") {
		t.Fatalf("no store anywhere: got %+v, %v", h, err)
	}
	if err := os.MkdirAll(legacy, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(legacy, storeFile), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if h, _ := FindHome(); h.Data != legacy {
		t.Errorf("a store in the old place: data %s, want %s", h.Data, legacy)
	}
}
