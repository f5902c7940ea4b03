package pbem

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"unicode"
)

// ErrLooksLikePassword means a setting that names where the password is
// (a variable, a command) seems to hold the password itself, which pbem
// would then write to disk in the clear.
var ErrLooksLikePassword = errors.New("this looks like a password, not where to find one")

// CheckPasswordSource is run before the settings are written: it refuses a
// password_env that cannot be a variable's name, or that is no variable set
// here and does not look like one (a name in capitals), and a
// password_command that does not split or whose program is not on this
// machine. The refusals never repeat the value, which may be a password.
// notes are things to know that are not errors (the variable is not set in
// this shell yet).
func CheckPasswordSource(c MailConfig) (notes []string, err error) {
	refuse := func(msg, advice string) error {
		return &adviceError{err: &refusal{msg + "; nothing was written"}, advice: advice}
	}
	const keepIt = "keep the password out of pbem's settings: put it in a variable " +
		"(read -rs PBEM_MAIL_PASSWORD && export PBEM_MAIL_PASSWORD) and give its name, --password-env PBEM_MAIL_PASSWORD, " +
		"or give a command that prints it, --password-command 'pass show mail/anna'"
	if name := c.PasswordEnv; name != "" {
		_, set := os.LookupEnv(name)
		switch {
		case strings.HasPrefix(name, "$") && isEnvName(name[1:]):
			return nil, refuse("--password-env: give the variable's name without the $ (with it, a shell puts the password itself there)",
				"pbem mail setup --password-env "+name[1:])
		case !isEnvName(name):
			return nil, refuse("--password-env takes the name of an environment variable, and the value given cannot be one "+
				"(a name has only letters, digits and _): it looks like the password itself", keepIt)
		case !set && strings.IndexFunc(name, unicode.IsLower) >= 0:
			return nil, refuse("--password-env: no variable of that name is set here, and names are usually in capitals "+
				"(PBEM_MAIL_PASSWORD): it may be the password itself", keepIt+"; if it is a variable's name, set the variable first and run this again")
		case !set:
			notes = append(notes, fmt.Sprintf("$%s is not set in this shell: set it before 'pbem mail test'", name))
		}
	}
	if c.PasswordCommand != "" {
		line, err := parseCommandLine(c.PasswordCommand)
		if err != nil {
			return nil, refuse("--password-command: it does not split into words ("+err.Error()+")", keepIt)
		}
		if line.missingProgram(runtime.GOOS == "windows") != "" {
			return nil, refuse("--password-command: its program (the first word) is not found on this machine: it may be the password itself",
				"give a command that prints the password, such as 'pass show mail/anna' (installed first); "+keepIt)
		}
	}
	return notes, nil
}

// refusal is a setting refused by CheckPasswordSource.
type refusal struct{ msg string }

func (r *refusal) Error() string        { return r.msg }
func (r *refusal) Is(target error) bool { return target == ErrLooksLikePassword }
