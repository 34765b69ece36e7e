package facts

import "path"

// SessionVar answers "is this variable set by the system for the user's own
// session, not by whoever sent the input?" The login, home, shell and host
// of the account running Claude Code are chosen by that user (or their
// system), never by a hook's JSON, a tool's input or a prompt, so text built
// from them is the script's own. Variables a caller can set per call
// (anything read, any plugin or project setting) are not listed.
func SessionVar(name string) bool {
	return sessionVars[name]
}

var sessionVars = map[string]bool{"HOME": true, "USER": true, "LOGNAME": true, "USERNAME": true,
	"SHELL": true, "PATH": true, "PWD": true, "TMPDIR": true, "HOSTNAME": true, "UID": true, "EUID": true}

// SessionIdentity answers the same for a command: does it only print the
// user's own identity (login name, uid, host, home)? whoami, logname,
// id -un, hostname, uname -n… read the account and machine, nothing a
// caller passes in; args are the command's arguments after its name, and
// any argument that is not a plain option (a user name to look up, a new
// host name to set) makes the answer no.
func SessionIdentity(name string, args []string) bool {
	opts, ok := identityCommands[path.Base(name)]
	if !ok {
		return false
	}
	for _, a := range args {
		if !opts[a] {
			return false
		}
	}
	return true
}

var identityCommands = map[string]map[string]bool{
	"whoami":   {},
	"logname":  {},
	"id":       {"-u": true, "-n": true, "-un": true, "-nu": true, "-g": true, "-gn": true, "-ng": true},
	"hostname": {"-s": true, "-f": true, "--short": true, "--fqdn": true},
	"uname":    {"-n": true, "-s": true, "-m": true, "-r": true},
}
