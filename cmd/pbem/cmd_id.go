package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
)

func idCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "id",
		Short: "make, import or show your identity (a signing key)",
		Long: `Your identity is a name, a mail address and an SSH signing key. Every entry
you add to a game log is signed with it, and your opponents check it.`,
		Example: `  pbem id new --name "Anna Kowalska" --email anna@example.org
  pbem id import ~/.ssh/id_ed25519 --name Anna --email anna@example.org
  pbem id show`,
	}
	var name, mail string
	newID := &cobra.Command{
		Use:     "new",
		Short:   "make a new Ed25519 signing key",
		Example: `  pbem id new --name "Anna Kowalska" --email anna@example.org`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			home, err := pbem.FindHome()
			if err != nil {
				return err
			}
			id, err := home.NewIdentity(name, mail)
			if err != nil {
				return err
			}
			printID(cmd, home, id)
			return nil
		},
	}
	imp := &cobra.Command{
		Use:   "import PATH",
		Short: "adopt an existing OpenSSH private key (ed25519 or RSA)",
		Long: `Adopt an existing OpenSSH private key, so that ssh-keygen -Y verify can check
your entries with the key your opponent already knows. An encrypted key stays
encrypted: its passphrase is asked for on the terminal, or read from
PBEM_PASSPHRASE, whenever it signs.`,
		Example: `  pbem id import ~/.ssh/id_ed25519 --name Anna --email anna@example.org`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			home, err := pbem.FindHome()
			if err != nil {
				return err
			}
			id, err := home.ImportIdentity(args[0], name, mail, passphrase)
			if err != nil {
				return err
			}
			printID(cmd, home, id)
			return nil
		},
	}
	for _, c := range []*cobra.Command{newID, imp} {
		c.Flags().StringVar(&name, "name", "", "your name, as opponents will see it")
		c.Flags().StringVar(&mail, "email", "", "your mail address")
		_ = c.MarkFlagRequired("name")
		_ = c.MarkFlagRequired("email")
	}
	show := &cobra.Command{
		Use:     "show",
		Short:   "print your public key and its fingerprint",
		Long:    "Print your public key (give it to opponents for --opponent-key) and its SHA256 fingerprint.",
		Example: "  pbem id show",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			home, err := pbem.FindHome()
			if err != nil {
				return err
			}
			id, err := home.Identity(passphrase)
			if err != nil {
				return err
			}
			printID(cmd, home, id)
			return nil
		},
	}
	cmd.AddCommand(newID, imp, show)
	return cmd
}

func printID(cmd *cobra.Command, home pbem.Home, id *pbem.Identity) {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "%s <%s>\n", id.Name, id.Mail)
	fmt.Fprintln(out, id.AuthorizedKey())
	fmt.Fprintln(out, id.Fingerprint())
	fmt.Fprintf(out, "private key: %s\n", home.KeyPath())
}
