package harness

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Exchange is one request the CLI made and the answer it got.
type Exchange struct {
	Seq     int             `json:"seq"`
	Path    string          `json:"path"`
	Actor   string          `json:"actor"` // "main", an agent type, or "aux"
	Turn    int             `json:"turn"`  // index of the scripted turn that answered, -1 for none
	Request json.RawMessage `json:"request"`
	Reply   []Action        `json:"reply"`
	Stop    string          `json:"stop_reason"`
	// Unexpected says why no scripted turn fitted; the answer then ended
	// the actor's turn so the run could finish and be reported.
	Unexpected string `json:"unexpected,omitempty"`

	req *Request
}

// Parsed is the decoded request.
func (e *Exchange) Parsed() *Request { return e.req }

// Server is the Messages API stand-in. It answers from a Script and
// records every exchange. It listens on loopback only.
type Server struct {
	script *Script
	ln     net.Listener
	srv    *http.Server

	mu        sync.Mutex
	exchanges []*Exchange
	last      time.Time // when the last request arrived
	inflight  int
}

// NewServer starts a stand-in on a free loopback port.
func NewServer(s *Script) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("harness: listen on loopback: %w", err)
	}
	sv := &Server{script: s, ln: ln, last: time.Now()}
	sv.srv = &http.Server{Handler: sv, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = sv.srv.Serve(ln) }()
	return sv, nil
}

// URL is the base URL to give the CLI as ANTHROPIC_BASE_URL.
func (sv *Server) URL() string { return "http://" + sv.ln.Addr().String() }

// Close stops the server.
func (sv *Server) Close() error { return sv.srv.Close() }

// Exchanges returns the recorded exchanges, in arrival order.
func (sv *Server) Exchanges() []*Exchange {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	return append([]*Exchange(nil), sv.exchanges...)
}

// Idle reports how long no request has been in flight.
func (sv *Server) Idle() time.Duration {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if sv.inflight > 0 {
		return 0
	}
	return time.Since(sv.last)
}

func (sv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		// A rough count: the CLI uses it for budgeting, not for behaviour.
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"input_tokens":%d}`, len(body)/4+1)
		return
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
	default:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"type":"error","error":{"type":"not_found_error","message":"the harness serves /v1/messages only, not %s"}}`, r.URL.Path)
		return
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	sv.mu.Lock()
	sv.inflight++
	ex := &Exchange{Seq: len(sv.exchanges) + 1, Path: r.URL.Path, Request: body, req: &req}
	sv.exchanges = append(sv.exchanges, ex)
	sv.script.answer(ex) // under the lock: turns are taken in arrival order
	sv.mu.Unlock()
	defer func() {
		sv.mu.Lock()
		sv.inflight--
		sv.last = time.Now()
		sv.mu.Unlock()
	}()
	if e := replyError(ex.Reply); e != nil {
		ex.Stop = "error"
		writeAPIError(w, e)
		return
	}
	msg := message(ex.Seq, req.Model, ex.Reply)
	ex.Stop = msg.StopReason
	if req.Stream {
		writeStream(w, msg)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(msg)
}

// apiMessage is a Messages API response.
type apiMessage struct {
	ID         string     `json:"id"`
	Type       string     `json:"type"`
	Role       string     `json:"role"`
	Model      string     `json:"model"`
	Content    []apiBlock `json:"content"`
	StopReason string     `json:"stop_reason"`
	Usage      apiUsage   `json:"usage"`
}

type apiBlock struct {
	Type  string         `json:"type"`
	Text  string         `json:"text,omitempty"`
	ID    string         `json:"id,omitempty"`
	Name  string         `json:"name,omitempty"`
	Input map[string]any `json:"input,omitempty"`
}

type apiUsage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

func message(seq int, model string, reply []Action) apiMessage {
	m := apiMessage{ID: fmt.Sprintf("msg_harness_%04d", seq), Type: "message", Role: "assistant", Model: model,
		StopReason: "end_turn", Usage: apiUsage{InputTokens: 10, OutputTokens: 10}}
	for i, a := range reply {
		if a.Tool != "" {
			in := a.Input
			if in == nil {
				in = map[string]any{}
			}
			m.Content = append(m.Content, apiBlock{Type: "tool_use", ID: fmt.Sprintf("toolu_harness_%04d_%d", seq, i), Name: a.Tool, Input: in})
			m.StopReason = "tool_use"
			continue
		}
		m.Content = append(m.Content, apiBlock{Type: "text", Text: a.Text})
	}
	if len(m.Content) == 0 {
		m.Content = []apiBlock{{Type: "text", Text: ""}}
	}
	return m
}

// writeStream sends m as the server-sent events the Messages API streams.
func writeStream(w http.ResponseWriter, m apiMessage) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	f, _ := w.(http.Flusher)
	ev := func(name string, v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		if f != nil {
			f.Flush()
		}
	}
	ev("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": m.ID, "type": "message", "role": "assistant", "model": m.Model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": m.Usage}})
	for i, b := range m.Content {
		if b.Type == "tool_use" {
			ev("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": map[string]any{}}})
			in, _ := json.Marshal(b.Input)
			ev("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": string(in)}})
		} else {
			ev("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			ev("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": b.Text}})
		}
		ev("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	ev("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": m.StopReason, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": m.Usage.OutputTokens}})
	ev("message_stop", map[string]any{"type": "message_stop"})
}

// summary is a one-line description of a request for failure messages.
func summary(e *Exchange) string {
	last := strings.TrimSpace(e.req.LastUser())
	if len(last) > 300 {
		last = last[:300] + "…"
	}
	return fmt.Sprintf("request %d from %s, last user message: %q", e.Seq, e.Actor, last)
}
