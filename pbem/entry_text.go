package pbem

// An entry told in words, for players: in a list of races, a mail's
// subject and summary, and on the terminal.

import (
	"fmt"

	"github.com/pbem-referee/pbem/logs"
)

// entryNoun names an entry as a noun, for the words of a race: "move",
// "dice answer", "resignation".
func entryNoun(e *logs.Entry) string {
	switch e.Kind {
	case logs.KindAct:
		return "move"
	case logs.KindReveal:
		if e.Epoch != 0 {
			return "dice answer"
		}
		return "dice reveal"
	case logs.KindTakeback:
		return "takeback proposal"
	case logs.KindAgree:
		return "agreement to the takeback"
	case logs.KindResign:
		return "resignation"
	case logs.KindRotate:
		return "new key or dice chain"
	case logs.KindAccept:
		return "joining"
	case logs.KindInvite:
		return "invitation"
	}
	return string(e.Kind)
}

// entryVerb says what an entry does as a verb, for a mail's subject:
// "acts and rolls", "answers a dice request".
func entryVerb(e *logs.Entry) string {
	switch e.Kind {
	case logs.KindInvite:
		return "invites you"
	case logs.KindAccept:
		return "accepts"
	case logs.KindAct:
		if e.Seal != "" {
			return "acts and requests a sealed draw"
		}
		if e.Request != 0 {
			return "acts and requests dice"
		}
		if len(e.Draws) > 0 {
			return "acts and rolls"
		}
		return "acts"
	case logs.KindReveal:
		switch {
		case e.Secret != "":
			return "reveals a sealed card"
		case e.Box != "":
			return "shows a sealed card"
		case e.BoxKey != "":
			return "asks to see a sealed card"
		case e.Seal != "":
			return "requests a sealed draw"
		case len(e.Draws) > 0 && len(e.Draws[0].Values) == 0:
			return "takes a sealed draw"
		}
		if len(e.Draws) > 0 {
			return "reveals dice"
		}
		if e.Link == "" {
			return "acknowledges your dice chain"
		}
		return "answers a dice request"
	default:
		return string(e.Kind)
	}
}

// DrawLine says what a draw record of entry e shows: its values, or, for a
// sealed draw taken or shown to another seat, that they stay sealed.
func DrawLine(d logs.Draw, e *logs.Entry) string {
	switch {
	case len(d.Values) > 0 && e.Secret != "":
		return fmt.Sprintf("sealed draw %d revealed, for %s: %v (checked against its commitment)", d.Epoch, d.For, d.Values)
	case len(d.Values) > 0:
		return fmt.Sprintf("dice for %s: %v (epoch %d)", d.For, d.Values, d.Epoch)
	case e.Box != "":
		return fmt.Sprintf("sealed draw %d, for %s: shown by %s in a box only its receiver opens", d.Epoch, d.For, e.By)
	}
	return fmt.Sprintf("sealed draw %d, for %s: only %s knows it until it is revealed", d.Epoch, d.For, e.By)
}

// RequestLine says what dice an entry requests, or "" when it requests none.
func RequestLine(e *logs.Entry) string {
	switch {
	case e.Seal != "":
		return fmt.Sprintf("requests a sealed draw (epoch %d), committing to a secret only its pbem holds", e.Request)
	case e.Request != 0:
		return fmt.Sprintf("requests dice (epoch %d)", e.Request)
	}
	return ""
}
