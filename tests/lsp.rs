//! `robolint lsp` as an editor runs it: the real binary, JSON-RPC over its stdin and stdout.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Long enough for a debug build to lint a few megabytes.
const PATIENCE: Duration = Duration::from_secs(60);

/// A finding (RL301, the `*`) after a two-byte `é` and a four-byte emoji: its UTF-16
/// column is 14 (`Disallow: /` is 11 units, `é` 1, the emoji 2), its byte column 17.
const NON_ASCII: &str = "# é 😀\nUser-agent: *\nDisallow: /é😀*\n";

// ---------------------------------------------------------------------------------------
// A minimal LSP client.

struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    /// Notifications read while waiting for something else.
    backlog: Vec<Value>,
    /// Requests the server sent us (answered with null), by method.
    server_requests: Vec<Value>,
    stderr: Arc<Mutex<String>>,
    next_id: i64,
}

/// One frame: `Content-Length`, a blank line, the body.
fn frame(body: &[u8]) -> Vec<u8> {
    let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    framed.extend_from_slice(body);
    framed
}

/// Reads frames until the stream ends; a frame that is not JSON is a test failure.
fn read_frames(output: impl Read, sender: mpsc::Sender<Value>) {
    let mut reader = BufReader::new(output);
    loop {
        let mut length = None;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(value) = line.strip_prefix("Content-Length: ") {
                length = value.parse::<usize>().ok();
            }
        }
        let mut body = vec![0; length.expect("the server sends Content-Length")];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let value = serde_json::from_slice(&body).expect("the server sends JSON");
        if sender.send(value).is_err() {
            return;
        }
    }
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_robolint"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("robolint lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let mut stderr_pipe = child.stderr.take().expect("stderr");
        let (sender, incoming) = mpsc::channel();
        thread::spawn(move || read_frames(stdout, sender));
        let stderr = Arc::new(Mutex::new(String::new()));
        let collected = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr_pipe.read_to_string(&mut text);
            collected.lock().expect("stderr lock").push_str(&text);
        });
        Client { child, stdin, incoming, backlog: Vec::new(), server_requests: Vec::new(), stderr, next_id: 1 }
    }

    /// Started and initialized, as a client with file watching.
    fn initialized() -> Client {
        let mut client = Client::start();
        let capabilities = json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
        let result =
            client.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": capabilities}));
        assert_eq!(result["result"]["capabilities"]["textDocumentSync"]["change"], 2, "incremental sync: {result}");
        assert_eq!(result["result"]["capabilities"]["positionEncoding"], "utf-16");
        client.notify("initialized", json!({}));
        client
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).and_then(|()| self.stdin.flush()).expect("the server reads its stdin");
    }

    fn send(&mut self, message: &Value) {
        self.send_raw(&frame(message.to_string().as_bytes()));
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns the whole response (`result` or `error`).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response_to(&json!(id))
    }

    fn response_to(&mut self, id: &Value) -> Value {
        self.receive_until(|message| message.get("method").is_none() && &message["id"] == id)
    }

    /// The next message that `wanted` accepts; notifications passed over are kept.
    fn receive_until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.backlog.iter().position(&wanted) {
            return self.backlog.remove(index);
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self
                .incoming
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer in time; stderr:\n{}", self.stderr.lock().expect("stderr lock")));
            if message.get("method").is_some() && message.get("id").is_some() {
                // A request from the server (client/registerCapability): answer it.
                self.send(&json!({"jsonrpc": "2.0", "id": message["id"], "result": null}));
                self.server_requests.push(message.clone());
            }
            if wanted(&message) {
                return message;
            }
            if message.get("id").is_none() {
                self.backlog.push(message);
            }
        }
    }

    /// The diagnostics published for `uri` at `version` (or any version when `None`).
    fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
        let message = self.receive_until(|message| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
                && version.is_none_or(|version| message["params"]["version"] == version)
        });
        message["params"]["diagnostics"].as_array().cloned().unwrap_or_default()
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        let item = json!({"uri": uri, "languageId": "robots-txt", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({"textDocument": item}));
        self.diagnostics(uri, Some(1))
    }

    fn change(&mut self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
    }

    /// Shutdown and exit; the exit status.
    fn finish(mut self) -> ExitStatus {
        let answer = self.request("shutdown", Value::Null);
        assert!(answer.get("error").is_none(), "{answer}");
        self.notify("exit", Value::Null);
        self.wait()
    }

    fn wait(mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("waiting for the server") {
                return status;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Any request the server must answer: proves it is still alive and reading.
    fn assert_alive(&mut self, uri: &str) {
        let answer = self.request("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
        assert!(answer.get("result").is_some(), "the server still answers: {answer}");
    }
}

fn with_code<'a>(diagnostics: &'a [Value], code: &str) -> Option<&'a Value> {
    diagnostics.iter().find(|diagnostic| diagnostic["code"] == code)
}

fn start_of(diagnostic: &Value) -> (u64, u64) {
    let start = &diagnostic["range"]["start"];
    (start["line"].as_u64().expect("line"), start["character"].as_u64().expect("character"))
}

fn position(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({"start": position(start.0, start.1), "end": position(end.0, end.1)})
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": position(line, character)})
}

/// A scratch folder, removed when dropped, pass or fail.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("robolint-lsp-{name}-")).tempdir().expect("temp dir")
}

fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A robots.txt of about `bytes` bytes: one record with many distinct Disallow lines.
fn big_robots_txt(bytes: usize) -> String {
    let mut text = String::from("User-agent: *\n");
    let mut index = 0;
    while text.len() < bytes {
        text.push_str(&format!("Disallow: /section-{index}/page\n"));
        index += 1;
    }
    text
}

// ---------------------------------------------------------------------------------------
// Diagnostics.

#[test]
fn diagnostics_are_in_utf16_units_and_follow_incremental_changes() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/site/robots.txt";
    let diagnostics = client.open(uri, NON_ASCII);
    let glob = with_code(&diagnostics, "RL301").expect("a glob-pattern finding");
    assert_eq!(start_of(glob), (2, 14), "{glob}");
    assert_eq!(glob["range"]["end"], position(2, 15));
    // Only older robots read the wildcard literally: information about robots outside today's
    // targets, which editors get as a hint.
    assert_eq!(glob["severity"], 4);
    assert_eq!(glob["source"], "robolint");
    assert_eq!(glob["codeDescription"]["href"], "https://robolint.dev/rules/glob-pattern/");
    assert!(glob["message"].as_str().is_some_and(|message| message.contains('*')), "{glob}");

    // Replace the `*` with `/` (an edit after the emoji, in UTF-16 units): the finding goes.
    client.change(uri, 2, json!([{"range": range((2, 14), (2, 15)), "text": "/"}]));
    let diagnostics = client.diagnostics(uri, Some(2));
    assert!(with_code(&diagnostics, "RL301").is_none(), "{diagnostics:?}");

    // Two edits in one notification, the second relative to the first: a line without a
    // colon, then a `*` put back in the first line's comment (no finding there).
    client.change(
        uri,
        3,
        json!([
            {"range": range((3, 0), (3, 0)), "text": "Disallow /private/\n"},
            {"range": range((0, 6), (0, 6)), "text": "*"},
        ]),
    );
    let diagnostics = client.diagnostics(uri, Some(3));
    let colon = with_code(&diagnostics, "RL101").expect("a missing-colon finding");
    assert_eq!(start_of(colon), (3, 0), "{colon}");
    assert_eq!(colon["severity"], 1);

    // Secondary labels become related information.
    client.change(uri, 4, json!([{"range": range((4, 0), (4, 0)), "text": "\nUser-agent: *\nDisallow: /x\n"}]));
    let diagnostics = client.diagnostics(uri, Some(4));
    let stars = with_code(&diagnostics, "RL201").expect("a multiple-star-records finding");
    let related = stars["relatedInformation"].as_array().expect("related information");
    assert_eq!(related[0]["location"]["uri"], uri);
    assert_eq!(related[0]["location"]["range"]["start"], position(1, 0), "{stars}");

    client.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
    assert!(client.diagnostics(uri, None).is_empty(), "closing clears the diagnostics");
    assert!(client.finish().success());
}

#[test]
fn a_changed_configuration_file_relints_open_documents() {
    let folder = temp_dir("config");
    let dir = folder.path();
    let uri = file_uri(&dir.join("robots.txt"));
    let mut client = Client::initialized();
    let diagnostics = client.open(&uri, "User-agent: *\nDisallow: /tmp/*\n");
    assert!(with_code(&diagnostics, "RL301").is_some());
    let registered = client.server_requests.iter().any(|request| {
        request["method"] == "client/registerCapability"
            && request["params"]["registrations"][0]["registerOptions"]["watchers"][0]["globPattern"]
                == "**/robolint.toml"
    });
    assert!(registered, "the server asks to watch robolint.toml: {:?}", client.server_requests);

    std::fs::write(dir.join("robolint.toml"), "[rules]\nglob-pattern = \"off\"\n").expect("config");
    let config = file_uri(&dir.join("robolint.toml"));
    client.notify("workspace/didChangeWatchedFiles", json!({"changes": [{"uri": config, "type": 1}]}));
    let diagnostics = client.diagnostics(&uri, Some(1));
    assert!(with_code(&diagnostics, "RL301").is_none(), "{diagnostics:?}");

    // A broken configuration: the defaults, and a message to the user.
    std::fs::write(dir.join("robolint.toml"), "[rules]\nno-such-rule = \"off\"\n").expect("config");
    client.notify("workspace/didChangeWatchedFiles", json!({"changes": [{"uri": config, "type": 2}]}));
    let warning = client.receive_until(|message| message["method"] == "window/showMessage");
    assert!(warning["params"]["message"].as_str().is_some_and(|text| text.contains("no-such-rule")), "{warning}");
    assert!(with_code(&client.diagnostics(&uri, Some(1)), "RL301").is_some());
    assert!(client.finish().success());
}

// ---------------------------------------------------------------------------------------
// Code actions.

const FIXABLE: &str = "User-agent: *\nDisallow: /tmp/*\nDissallow: /drafts/\n";

fn actions(client: &mut Client, uri: &str, on: Value, only: Option<&str>) -> Vec<Value> {
    let context = match only {
        Some(kind) => json!({"diagnostics": [], "only": [kind]}),
        None => json!({"diagnostics": []}),
    };
    let answer = client
        .request("textDocument/codeAction", json!({"textDocument": {"uri": uri}, "range": on, "context": context}));
    answer["result"].as_array().cloned().unwrap_or_else(|| panic!("code actions: {answer}"))
}

fn titled<'a>(actions: &'a [Value], title: &str) -> &'a Value {
    actions.iter().find(|action| action["title"] == title).unwrap_or_else(|| panic!("no `{title}` in {actions:?}"))
}

fn only_edit<'a>(action: &'a Value, uri: &str) -> &'a Value {
    let edits = action["edit"]["changes"][uri].as_array().expect("edits for the document");
    assert_eq!(edits.len(), 1, "{action}");
    &edits[0]
}

/// Older clients send `context.diagnostics` without the fields LSP 3.17 requires; robolint
/// reads none of them and still answers.
#[test]
fn code_actions_answer_a_request_whose_context_diagnostics_are_partial() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/partial/robots.txt";
    client.open(uri, FIXABLE);
    let on = json!({"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 16}});
    let context = json!({"diagnostics": [{"range": on, "code": "RL301"}, {"message": "no range"}]});
    let answer = client
        .request("textDocument/codeAction", json!({"textDocument": {"uri": uri}, "range": on, "context": context}));
    let actions = answer["result"].as_array().unwrap_or_else(|| panic!("code actions: {answer}"));
    assert!(actions.iter().any(|action| action["kind"] == "quickfix"), "{answer}");
    assert!(client.finish().success());
}

#[test]
fn code_actions_fix_one_fix_all_and_disable_for_a_line() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/fix/robots.txt";
    client.open(uri, FIXABLE);

    // The quick fix for the glob at the cursor.
    let at_glob = actions(&mut client, uri, range((1, 15), (1, 15)), None);
    let fix = titled(&at_glob, "Replace `/tmp/*` with `/tmp/`");
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["isPreferred"], true);
    assert_eq!(fix["diagnostics"][0]["code"], "RL301");
    let edit = only_edit(fix, uri);
    assert_eq!(edit["range"], range((1, 10), (1, 16)));
    assert_eq!(edit["newText"], "/tmp/");

    // Disable the rule for this line.
    let disable = titled(&at_glob, "Disable glob-pattern for this line");
    let edit = only_edit(disable, uri);
    assert_eq!(edit["range"], range((1, 16), (1, 16)));
    assert_eq!(edit["newText"], " # robolint: disable=glob-pattern");

    // Fix all safe problems: one edit over the whole document.
    let fix_all = actions(&mut client, uri, range((0, 0), (0, 0)), Some("source.fixAll"));
    assert_eq!(fix_all.len(), 1, "{fix_all:?}");
    let action = titled(&fix_all, "Fix all safe problems");
    assert_eq!(action["kind"], "source.fixAll");
    let edit = only_edit(action, uri);
    assert_eq!(edit["range"], range((0, 0), (3, 0)));
    assert_eq!(edit["newText"], "User-agent: *\nDisallow: /tmp/\nDisallow: /drafts/\n");

    // Asking for quick fixes only leaves fix-all out.
    let quick = actions(&mut client, uri, range((1, 15), (1, 15)), Some("quickfix"));
    assert!(quick.iter().all(|action| action["kind"] == "quickfix"), "{quick:?}");
    assert!(client.finish().success());
}

/// Issue 34: editors ask for code actions at every cursor move, and fix-all fixed the whole
/// document for each of them (3 s of CPU per request at 512 KiB). It is offered only when
/// asked for: `only` names it, or the user invoked the menu.
#[test]
fn fix_all_is_worked_out_only_when_asked_for() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/fix-all-on-request/robots.txt";
    client.open(uri, FIXABLE);
    let is_fix_all = |action: &Value| action["kind"] == "source.fixAll";
    let request = |client: &mut Client, context: Value| {
        let params = json!({"textDocument": {"uri": uri}, "range": range((1, 15), (1, 15)), "context": context});
        let answer = client.request("textDocument/codeAction", params);
        answer["result"].as_array().cloned().unwrap_or_else(|| panic!("code actions: {answer}"))
    };
    for automatic in [json!({"diagnostics": []}), json!({"diagnostics": [], "triggerKind": 2})] {
        let actions = request(&mut client, automatic.clone());
        assert!(actions.iter().any(|action| action["kind"] == "quickfix"), "{automatic}: {actions:?}");
        assert!(!actions.iter().any(is_fix_all), "{automatic}: {actions:?}");
    }
    for asked in [json!({"diagnostics": [], "triggerKind": 1}), json!({"diagnostics": [], "only": ["source"]})] {
        let actions = request(&mut client, asked.clone());
        assert_eq!(actions.iter().filter(|action| is_fix_all(action)).count(), 1, "{asked}: {actions:?}");
    }
    assert!(client.finish().success());
}

// ---------------------------------------------------------------------------------------
// Hover, completion, symbols, formatting.

#[test]
fn hover_explains_fields_agents_and_suppressed_rules() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/hover/robots.txt";
    let text = "User-agent: Googlebot\nAllow: /public/\nDisallow: /\n\nUser-agent: *\nDisallow: /x* # robolint: disable=RL301\n";
    client.open(uri, text);

    let hover = |client: &mut Client, line, character| {
        let answer = client.request("textDocument/hover", at(uri, line, character));
        answer["result"]["contents"]["value"]
            .as_str()
            .map(str::to_string)
            .unwrap_or_else(|| panic!("a hover: {answer}"))
    };
    let allow = hover(&mut client, 1, 2);
    assert!(allow.starts_with("**Allow**"), "{allow}");
    assert!(allow.contains("Honoured by: 1996 draft, RFC 9309, Google"), "{allow}");
    assert!(allow.contains("RFC 9309 §2.2.2"), "{allow}");

    let agent = hover(&mut client, 0, 14);
    assert!(agent.contains("In the record at lines 1–3 (2 rules)"), "{agent}");
    // Google's matcher compares the whole name, so only `Googlebot` obeys this record.
    assert!(agent.contains("- Google: `Googlebot`\n"), "{agent}");
    // The registry's entry for the robot the value names: who runs it, how it reads the file.
    assert!(agent.contains("Google, search: "), "{agent}");
    assert!(agent.contains("Honours robots.txt: yes. Reads it as: google."), "{agent}");

    let rule = hover(&mut client, 5, 38);
    assert!(rule.starts_with("**RL301 glob-pattern**"), "{rule}");

    let nothing = client.request("textDocument/hover", at(uri, 2, 11));
    assert_eq!(nothing["result"], Value::Null, "no hover on a path");
    assert!(client.finish().success());
}

#[test]
fn completion_offers_fields_and_robots() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/complete/robots.txt";
    client.open(uri, "User-agent: Goo\nDis\n");
    let labels = |answer: &Value| -> Vec<String> {
        answer["result"]
            .as_array()
            .expect("items")
            .iter()
            .map(|item| item["label"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let robots = client.request("textDocument/completion", at(uri, 0, 15));
    assert!(labels(&robots).contains(&"GPTBot".to_string()), "{robots}");
    // Robots come from the registry, with who runs each; retired tokens are not offered.
    let items = robots["result"].as_array().expect("items");
    let gptbot = items.iter().find(|item| item["label"] == "GPTBot").expect("GPTBot");
    assert!(gptbot["detail"].as_str().is_some_and(|detail| detail.contains("OpenAI")), "{gptbot}");
    assert!(gptbot["documentation"].as_str().is_some_and(|text| !text.is_empty()), "{gptbot}");
    assert!(!labels(&robots).contains(&"anthropic-ai".to_string()), "{robots}");
    let fields = client.request("textDocument/completion", at(uri, 1, 3));
    let disallow = fields["result"].as_array().expect("items").iter().find(|item| item["label"] == "Disallow").cloned();
    let disallow = disallow.expect("Disallow is offered");
    assert_eq!(disallow["textEdit"]["newText"], "Disallow: ");
    assert_eq!(disallow["textEdit"]["range"], range((1, 0), (1, 3)));
    assert!(client.finish().success());
}

#[test]
fn document_symbols_and_formatting() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/symbols/robots.txt";
    client.open(uri, "user-agent:a\nUser-agent: b\ndisallow :  /x   \n\n\n\nUser-agent: *\nDisallow:\n");
    let symbols = client.request("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
    let symbols = symbols["result"].as_array().expect("symbols");
    assert_eq!(symbols.len(), 2);
    assert_eq!(symbols[0]["name"], "User-agent: a, b");
    assert_eq!(symbols[0]["kind"], 3, "namespace");
    assert_eq!(symbols[0]["children"][0]["name"], "disallow: /x");

    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let edits = edits["result"].as_array().expect("edits");
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["newText"], "User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: *\nDisallow:\n");
    assert!(client.finish().success());
}

/// A document larger than the linter reads (3 MiB, past the 2 MiB cap): the note about the
/// cut comes first and says by how much, the findings published stop at a thousand with a
/// count of the rest, and formatting is refused with the note's own words.
#[test]
fn a_document_over_the_cap_is_linted_on_its_start_published_in_part_and_not_formatted() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/huge/robots.txt";
    let mut text = String::from("User-agent: *\n");
    // A finding per line that no two lines share (a relative path names itself).
    for rule in 0..1_200 {
        text.push_str(&format!("Disallow: {rule}/\n"));
    }
    let comment = "# nothing to find on this line\n";
    text.push_str(&comment.repeat(3 * 1024 * 1024 / comment.len()));
    let diagnostics = client.open(uri, &text);
    let over = text.len() - robolint::source::DEFAULT_SIZE_CAP;
    let note = diagnostics[0]["message"].as_str().unwrap_or_default();
    assert!(note.contains(&format!("{} bytes, {over} more than robolint reads", text.len())), "{note}");
    assert_eq!(diagnostics[0]["range"], range((0, 0), (0, 0)));
    assert_eq!(diagnostics.len(), 1 + 1_000 + 1);
    let last = diagnostics.last().expect("the count of the rest");
    assert!(last["message"].as_str().is_some_and(|m| m.contains("more findings not shown")), "{last}");
    let refused = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(refused["error"]["message"], note, "{refused}");
    assert!(client.finish().success());
}

/// Edits cannot grow what the server keeps of a document without end: an insertion that takes
/// the text past `KEPT_PER_DOCUMENT` (8 times the size cap) lets it go, with a note at the top that says so (and
/// formatting refused in its words); the whole text sent again is held and linted again.
#[test]
fn a_document_grown_past_what_is_kept_is_let_go_until_sent_whole() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/grown/robots.txt";
    let findings = client.open(uri, "User-agent: *\nDisallow: /tmp/*\n");
    assert!(findings.iter().any(|finding| finding["code"] == "RL301"), "{findings:?}");
    let kept = robolint_lsp::documents::KEPT_PER_DOCUMENT;
    let insertion = "#".repeat(kept);
    client.change(uri, 2, json!([{"range": range((2, 0), (2, 0)), "text": insertion}]));
    let diagnostics = client.diagnostics(uri, Some(2));
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let note = diagnostics[0]["message"].as_str().unwrap_or_default();
    let grown = kept + "User-agent: *\nDisallow: /tmp/*\n".len();
    assert!(note.contains(&format!("grew to {grown} bytes, over the {kept}")), "{note}");
    let refused = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(refused["error"]["message"], note, "{refused}");
    client.change(uri, 3, json!([{"text": "User-agent: *\nDisallow: /tmp/*\n"}]));
    let findings = client.diagnostics(uri, Some(3));
    assert!(findings.iter().any(|finding| finding["code"] == "RL301"), "{findings:?}");
    assert!(client.finish().success());
}

/// The server's end of a pipe in this process: each message sent is what one `read` returns,
/// so a test decides which bytes arrive together.
struct Pipe {
    arrivals: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    read: usize,
}

impl Read for Pipe {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.read == self.pending.len() {
            // A closed channel is the other end closing.
            let Ok(bytes) = self.arrivals.recv() else { return Ok(0) };
            (self.pending, self.read) = (bytes, 0);
        }
        let count = out.len().min(self.pending.len() - self.read);
        out[..count].copy_from_slice(&self.pending[self.read..self.read + count]);
        self.read += count;
        Ok(count)
    }
}

struct PipeEnd(mpsc::Sender<Vec<u8>>);

impl Write for PipeEnd {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.send(bytes.to_vec()).map_err(|_| std::io::ErrorKind::BrokenPipe)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn pipe() -> (PipeEnd, Pipe) {
    let (sender, arrivals) = mpsc::channel();
    (PipeEnd(sender), Pipe { arrivals, pending: Vec::new(), read: 0 })
}

/// Edits typed faster than the server lints reach it together: it lints once, for the last
/// version, instead of once per keystroke. Every keystroke arrives in one read with the
/// ones before it; the server publishes only once nothing more has arrived, so exactly one
/// publication is made, for the last version, whose text has the `*` the last edit typed.
#[test]
fn a_burst_of_edits_is_linted_once_for_its_last_version() {
    let (mut to_server, server_input) = pipe();
    let (server_output, from_server) = pipe();
    let server = thread::spawn(move || robolint_lsp::serve(BufReader::new(server_input), server_output));
    let (sender, messages) = mpsc::channel();
    thread::spawn(move || read_frames(from_server, sender));

    let uri = "file:///nonexistent/burst/robots.txt";
    let opened = "User-agent: *\n";
    let typed = "Disallow: /private-area/*";
    let mut burst = initialize_message();
    burst.extend(message(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}})));
    let item = json!({"uri": uri, "languageId": "robots-txt", "version": 1, "text": opened});
    burst
        .extend(message(json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": item}})));
    for (at, character) in typed.chars().enumerate() {
        let version = at + 2;
        let change = json!({"range": range((1, at as u32), (1, at as u32)), "text": character.to_string()});
        burst.extend(message(json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})));
    }
    to_server.write_all(&burst).expect("the server reads");
    let last_version = typed.len() + 1;

    let is_publication = |message: &Value| message["method"] == "textDocument/publishDiagnostics";
    let mut received = Vec::new();
    while !received.iter().any(is_publication) {
        received.push(messages.recv_timeout(PATIENCE).expect("diagnostics are published"));
    }
    to_server.write_all(&shutdown_and_exit(json!(99))).expect("the server reads");
    let status = server.join().expect("the server thread").expect("serving from memory");
    assert_eq!(status, 0);
    received.extend(messages.iter());
    let publications: Vec<&Value> = received.iter().filter(|message| is_publication(message)).collect();
    assert_eq!(publications.len(), 1, "one publication for {} edits: {publications:?}", typed.len());
    assert_eq!(publications[0]["params"]["version"], last_version);
    let diagnostics = publications[0]["params"]["diagnostics"].as_array().cloned().unwrap_or_default();
    assert!(with_code(&diagnostics, "RL301").is_some(), "the last edit's `*` is linted: {diagnostics:?}");
}

// ---------------------------------------------------------------------------------------
// Bad clients: every case gets an error (or nothing, for notifications), then a request
// that must still be answered.

fn error_code(answer: &Value) -> i64 {
    answer["error"]["code"].as_i64().unwrap_or_else(|| panic!("an error: {answer}"))
}

#[test]
fn bad_messages_get_errors_and_the_server_keeps_answering() {
    let mut client = Client::start();
    let uri = "file:///nonexistent/bad/robots.txt";

    // Before initialize.
    let early = client.request("textDocument/hover", at(uri, 0, 0));
    assert_eq!(error_code(&early), -32002);
    let mut client = {
        let capabilities = json!({});
        let answer =
            client.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": capabilities}));
        assert!(answer.get("result").is_some(), "{answer}");
        client.notify("initialized", json!({}));
        client
    };
    client.open(uri, "User-agent: *\nDisallow: /\n");

    // Malformed JSON: a parse error, answering the request whose id can still be read.
    client.send_raw(&frame(b"{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": "));
    let parse_error = client.response_to(&json!(99));
    assert_eq!(error_code(&parse_error), -32700);
    client.assert_alive(uri);

    // Not UTF-8; a header with no Content-Length; JSON that is no message.
    client.send_raw(&frame(b"\xff\xfe{}"));
    assert_eq!(error_code(&client.response_to(&Value::Null)), -32700);
    client.send_raw(b"X-Nonsense: 1\r\n\r\n");
    assert_eq!(error_code(&client.response_to(&Value::Null)), -32700);
    client.send(&json!({"jsonrpc": "2.0", "id": 1234}));
    assert_eq!(error_code(&client.response_to(&json!(1234))), -32600);
    client.send(&json!([1, 2, 3]));
    assert_eq!(error_code(&client.response_to(&Value::Null)), -32600);
    client.assert_alive(uri);

    // Unknown methods: an error for a request, nothing for a notification.
    assert_eq!(error_code(&client.request("robolint/noSuchThing", json!({}))), -32601);
    client.notify("robolint/noSuchNotification", json!({"x": 1}));
    client.assert_alive(uri);

    // Bad parameters: an error for a request, a log line for a notification.
    assert_eq!(error_code(&client.request("textDocument/hover", json!({"nonsense": true}))), -32602);
    client.notify("textDocument/didChange", json!({"textDocument": 5}));
    client.notify("textDocument/didOpen", json!({"textDocument": {"uri": "not a uri at all"}}));
    client.assert_alive(uri);

    // A document that was never opened.
    let unopened = "file:///nonexistent/never-opened/robots.txt";
    for (method, params) in [
        ("textDocument/hover", at(unopened, 0, 0)),
        ("textDocument/completion", at(unopened, 0, 0)),
        ("textDocument/documentSymbol", json!({"textDocument": {"uri": unopened}})),
        (
            "textDocument/formatting",
            json!({"textDocument": {"uri": unopened}, "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
        (
            "textDocument/codeAction",
            json!({"textDocument": {"uri": unopened}, "range": range((0, 0), (0, 0)), "context": {"diagnostics": []}}),
        ),
    ] {
        let answer = client.request(method, params);
        assert_eq!(error_code(&answer), -32803, "{method}: {answer}");
    }
    client.change(unopened, 2, json!([{"text": "x"}]));
    client.assert_alive(uri);

    // Positions far outside the document.
    let far = client.request("textDocument/hover", at(uri, 4_000_000, 4_000_000));
    assert!(far.get("result").is_some(), "{far}");
    client.change(uri, 2, json!([{"range": range((900, 9), (0, 3)), "text": "é😀"}]));
    client.diagnostics(uri, Some(2));
    client.assert_alive(uri);

    assert!(client.finish().success());
}

#[test]
fn a_five_megabyte_document_is_linted_and_the_server_goes_on() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/huge/robots.txt";
    let text = big_robots_txt(5 * 1024 * 1024);
    let diagnostics = client.open(uri, &text);
    assert!(with_code(&diagnostics, "RL004").is_some(), "file-too-large is reported");
    let last_line = text.lines().count() as u32;
    client.change(uri, 2, json!([{"range": range((last_line, 0), (last_line, 0)), "text": "Disallow: /tmp/*\n"}]));
    client.diagnostics(uri, Some(2));
    client.assert_alive(uri);
    assert!(client.finish().success());
}

#[test]
fn ten_thousand_changes_in_a_row_all_apply() {
    let mut client = Client::initialized();
    let uri = "file:///nonexistent/many/robots.txt";
    // Lower case, so formatting has something to do and returns the whole text.
    let mut expected = String::from("user-agent: *\nDisallow: /\n");
    client.open(uri, &expected);
    // Each change appends a letter to the last path; every tenth starts a new line.
    for version in 2..=10_001_i64 {
        let text = if version % 10 == 0 {
            "\nDisallow: /".to_string()
        } else {
            char::from(b'a' + (version % 26) as u8).to_string()
        };
        let end = expected.len() - 1; // Before the final line end.
        let line = expected[..end].matches('\n').count() as u32;
        let character = (end - expected[..end].rfind('\n').map_or(0, |newline| newline + 1)) as u32;
        client.change(uri, version, json!([{"range": range((line, character), (line, character)), "text": text}]));
        expected.insert_str(end, &text);
    }
    client.diagnostics(uri, Some(10_001));
    let formatted = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let edits = formatted["result"].as_array().expect("edits");
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0]["newText"], robolint::format::format(&expected), "every change applied, in order");
    client.assert_alive(uri);
    assert!(client.finish().success());
}

// ---------------------------------------------------------------------------------------
// Lifecycle and timing.

#[test]
fn exit_without_shutdown_is_status_1_and_requests_after_shutdown_are_refused() {
    let client = Client::initialized();
    let mut client = client;
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(1));

    let mut client = Client::initialized();
    assert!(client.request("shutdown", Value::Null).get("error").is_none());
    assert_eq!(error_code(&client.request("textDocument/hover", at("file:///x", 0, 0))), -32600);
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(0));
}

// ---------------------------------------------------------------------------------------
// Framing: a byte stream straight into the server (`serve_in_lockstep`).

/// Counts the bytes this test process has allocated at its peak, so that a test can show a
/// stream was not read into memory.
struct PeakAllocator;

static ALLOCATED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static PEAK: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

// SAFETY: every call is passed on unchanged to the system allocator; only counts are added.
unsafe impl std::alloc::GlobalAlloc for PeakAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        use std::sync::atomic::Ordering::Relaxed;
        let now = ALLOCATED.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        // SAFETY: the caller's layout, as GlobalAlloc::alloc requires.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        ALLOCATED.fetch_sub(layout.size(), std::sync::atomic::Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: PeakAllocator = PeakAllocator;

/// Runs the server over `input` in lockstep; its exit status and every message it wrote.
fn serve_bytes(input: impl Read) -> (u8, Vec<Value>) {
    let mut output = Vec::new();
    let status = robolint_lsp::serve_in_lockstep(BufReader::new(input), &mut output).expect("serving from memory");
    let (sender, receiver) = mpsc::channel();
    read_frames(output.as_slice(), sender);
    (status, receiver.into_iter().collect())
}

fn message(value: Value) -> Vec<u8> {
    frame(value.to_string().as_bytes())
}

fn answer_to<'a>(messages: &'a [Value], id: &Value) -> Option<&'a Value> {
    messages.iter().find(|message| message.get("method").is_none() && message.get("id") == Some(id))
}

fn initialize_message() -> Vec<u8> {
    message(json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}))
}

fn shutdown_and_exit(id: Value) -> Vec<u8> {
    let mut bytes = message(json!({"jsonrpc": "2.0", "id": id, "method": "shutdown"}));
    bytes.extend(message(json!({"jsonrpc": "2.0", "method": "exit"})));
    bytes
}

fn symbols_request(id: Value) -> Vec<u8> {
    message(json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol",
        "params": {"textDocument": {"uri": "file:///nonexistent/robots.txt"}}}))
}

#[test]
fn wrong_content_lengths_do_not_hide_the_requests_after_them() {
    let too_long_body = json!({"jsonrpc": "2.0", "id": 1, "method": "robolint/noSuchThing"}).to_string();
    let too_short_body = json!({"jsonrpc": "2.0", "id": 2, "method": "robolint/noSuchThing"}).to_string();
    let mut input = initialize_message();
    // Longer than everything after it, and longer than the body cap.
    input.extend(format!("Content-Length: 99999999999\r\n\r\n{too_long_body}").bytes());
    input.extend(symbols_request(json!(3)));
    // Ends inside the body, before its id.
    input.extend(format!("Content-Length: 12\r\n\r\n{too_short_body}").bytes());
    input.extend(symbols_request(json!(4)));
    input.extend(b"junk that is no frame at all\r\n{]\r\n");
    input.extend(shutdown_and_exit(json!(5)));
    let (status, messages) = serve_bytes(input.as_slice());
    for id in [1, 2, 3, 4] {
        assert!(answer_to(&messages, &json!(id)).is_some(), "request {id} is answered: {messages:?}");
    }
    let shutdown = answer_to(&messages, &json!(5)).unwrap_or_else(|| panic!("shutdown is answered: {messages:?}"));
    assert!(shutdown.get("error").is_none(), "{shutdown}");
    assert_eq!(status, 0, "the session ends with shutdown and exit");
}

#[test]
fn a_too_long_content_length_does_not_stall_a_client_that_waits_for_answers() {
    let mut client = Client::initialized();
    let body = json!({"jsonrpc": "2.0", "id": 900, "method": "robolint/noSuchThing"}).to_string();
    client.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len() + 500).as_bytes());
    let answer = client.request("textDocument/documentSymbol", json!({"textDocument": {"uri": "file:///x"}}));
    assert!(answer.get("error").is_some() || answer.get("result").is_some(), "{answer}");
    assert!(client.finish().success());
}

#[test]
fn every_id_json_rpc_allows_is_answered_with_the_same_id() {
    let ids = [json!(1.5), json!(9_007_199_254_740_992_u64), json!(-3), json!(2_147_483_648_u64), json!("é")];
    let mut input = initialize_message();
    for id in &ids {
        input.extend(symbols_request(id.clone()));
    }
    // A client's error response may have a null id; it is no request and gets no answer.
    input.extend(message(json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "bad"}})));
    input.extend(shutdown_and_exit(json!(0.25)));
    let (status, messages) = serve_bytes(input.as_slice());
    for id in &ids {
        let answer = answer_to(&messages, id).unwrap_or_else(|| panic!("no answer to id {id}: {messages:?}"));
        // Not "invalid request": the request was handled.
        assert_ne!(answer["error"]["code"], json!(-32600), "{answer}");
    }
    assert!(answer_to(&messages, &Value::Null).is_none(), "a response is not answered: {messages:?}");
    assert!(answer_to(&messages, &json!(0.25)).is_some_and(|answer| answer.get("result").is_some()));
    assert_eq!(status, 0);
}

/// A header line of `length` bytes, made on demand.
struct LongLine {
    left: u64,
}

impl Read for LongLine {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let count = buf.len().min(usize::try_from(self.left).unwrap_or(usize::MAX));
        buf[..count].fill(b'a');
        self.left -= count as u64;
        Ok(count)
    }
}

#[test]
fn a_300_megabyte_header_line_is_not_read_into_memory() {
    let before = ALLOCATED.load(std::sync::atomic::Ordering::Relaxed);
    PEAK.store(before, std::sync::atomic::Ordering::Relaxed);
    let mut rest = b"\r\n".to_vec();
    rest.extend(initialize_message());
    rest.extend(shutdown_and_exit(json!(1)));
    let (status, messages) = serve_bytes(LongLine { left: 300_000_000 }.chain(rest.as_slice()));
    let peak = PEAK.load(std::sync::atomic::Ordering::Relaxed).saturating_sub(before);
    assert!(peak < 64 * 1024 * 1024, "{peak} bytes were allocated at once");
    assert!(answer_to(&messages, &json!(1)).is_some(), "shutdown is answered: {messages:?}");
    assert_eq!(status, 0);
}
