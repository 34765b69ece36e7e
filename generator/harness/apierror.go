package harness

import (
	"encoding/json"
	"net/http"
)

// APIError is a Messages API error the scripted model answers with in
// place of a message: how a scenario makes a subagent fail (its request
// errs, so Claude Code reports the agent as failed) without any network.
type APIError struct {
	Status  int    `yaml:"status" json:"status"`
	Type    string `yaml:"type" json:"type"` // e.g. invalid_request_error, overloaded_error
	Message string `yaml:"message" json:"message,omitempty"`
}

// replyError is the error a reply asks for, if any: a reply with an error
// action is that error as a whole.
func replyError(reply []Action) *APIError {
	for _, a := range reply {
		if a.Error != nil {
			return a.Error
		}
	}
	return nil
}

// writeAPIError writes e in the Messages API's error shape.
func writeAPIError(w http.ResponseWriter, e *APIError) {
	msg := e.Message
	if msg == "" {
		msg = "scripted " + e.Type
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"type":  "error",
		"error": map[string]any{"type": e.Type, "message": msg},
	})
}
