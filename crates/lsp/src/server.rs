//! The server loop: read a message, handle it, answer; publish diagnostics when the client
//! has nothing more queued. A bad message gets an error answer, and a panic while handling
//! one is caught, logged and answered, so the server only stops when the client says exit
//! (or closes its end).

use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::thread;
use std::time::Duration;

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response, ResponseError};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    Notification as LspNotification, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{RegisterCapability, Request as LspRequest};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions,
    DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, GlobPattern, InitializeParams, InitializeResult,
    MessageType, OneOf, PositionEncodingKind, PublishDiagnosticsParams, Registration, RegistrationParams,
    ServerCapabilities, ServerInfo, ShowMessageParams, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::diagnostics::{self, published};
use super::documents::{Documents, OpenDocument};
use super::handlers::{self, Answer, Effect};
use super::settings::CONFIG_GLOB;
use super::transport::{self, Frames, Incoming};

/// Messages read ahead of the one being handled. Bounded so a client that writes faster
/// than the server lints waits instead of filling memory.
const READ_AHEAD: usize = 1024;

/// Exit status after `exit`: 0 when `shutdown` came first, as LSP specifies.
const EXIT_CLEAN: u8 = 0;
const EXIT_WITHOUT_SHUTDOWN: u8 = 1;

/// Serves one client until it sends `exit` or closes `input`; returns the exit status.
pub fn serve(input: impl BufRead + Send + 'static, output: impl Write) -> io::Result<u8> {
    run(&mut spawn_reader(input)?, output)
}

/// Serves a client whose messages are all in `input`, one at a time: each is handled before
/// the next is read, and diagnostics are published after each one, as if the client waited
/// for every answer. The same server as [`serve`] without its reader thread, so the same
/// input always gives the same output (fuzzing and replayed sessions rely on that).
pub fn serve_in_lockstep(input: impl BufRead, output: impl Write) -> io::Result<u8> {
    run(&mut Lockstep(Frames::new(input)), output)
}

/// Where the server's messages come from.
trait Inbox {
    /// A message that has already arrived, without waiting for one.
    fn queued(&mut self) -> Queued;
    /// The next message, waiting for it; `None` once the client has closed its end.
    fn wait(&mut self) -> Option<Incoming>;
}

enum Queued {
    Message(Incoming),
    Empty,
    Closed,
}

fn run(inbox: &mut impl Inbox, output: impl Write) -> io::Result<u8> {
    let mut server = Server::new(output);
    loop {
        let message = match inbox.queued() {
            Queued::Message(message) => message,
            Queued::Empty => {
                // The client is waiting: tell it about every document that changed.
                server.publish_pending()?;
                match inbox.wait() {
                    Some(message) => message,
                    None => break,
                }
            }
            Queued::Closed => break,
        };
        if let Flow::Exit(status) = server.handle_guarded(message)? {
            return Ok(status);
        }
    }
    // The client closed its end without `exit`.
    Ok(if server.phase == Phase::ShutDown { EXIT_CLEAN } else { EXIT_WITHOUT_SHUTDOWN })
}

/// How long the server waits for a message whose bytes arrived with the last one before it
/// publishes anyway. Bytes already in memory are parsed in microseconds; this is reached only
/// when a client leaves part of a frame unsent, and bounds how late diagnostics can be then.
const RECEIVED_PATIENCE: Duration = Duration::from_secs(1);

/// A message and whether more bytes came in with it (the start of the next message).
struct Arrival {
    message: Incoming,
    more_received: bool,
}

/// Messages read ahead by a thread, so the server knows when the client has sent nothing more.
struct ReadAhead {
    arrivals: Receiver<Arrival>,
    /// The last message came with the bytes of another: the reader is parsing it now.
    more_received: bool,
}

impl ReadAhead {
    fn take(&mut self, arrival: Arrival) -> Incoming {
        self.more_received = arrival.more_received;
        arrival.message
    }
}

impl Inbox for ReadAhead {
    /// A client that types faster than the server lints sends didChange notifications in
    /// bursts: a message read together with the next one's bytes counts that one as queued,
    /// even before the reader has finished parsing it, so the burst is handled whole and
    /// linted once, for its last version.
    fn queued(&mut self) -> Queued {
        let arrival = if self.more_received {
            match self.arrivals.recv_timeout(RECEIVED_PATIENCE) {
                Ok(arrival) => Ok(arrival),
                Err(RecvTimeoutError::Timeout) => Err(TryRecvError::Empty),
                Err(RecvTimeoutError::Disconnected) => Err(TryRecvError::Disconnected),
            }
        } else {
            self.arrivals.try_recv()
        };
        match arrival {
            Ok(arrival) => Queued::Message(self.take(arrival)),
            Err(TryRecvError::Empty) => {
                self.more_received = false;
                Queued::Empty
            }
            Err(TryRecvError::Disconnected) => Queued::Closed,
        }
    }

    fn wait(&mut self) -> Option<Incoming> {
        let arrival = self.arrivals.recv().ok()?;
        Some(self.take(arrival))
    }
}

/// Messages read only when the server is ready for the next one: none is ever queued.
struct Lockstep<R>(Frames<R>);

impl<R: BufRead> Inbox for Lockstep<R> {
    fn queued(&mut self) -> Queued {
        Queued::Empty
    }

    fn wait(&mut self) -> Option<Incoming> {
        read_message(&mut self.0)
    }
}

fn spawn_reader(input: impl BufRead + Send + 'static) -> io::Result<ReadAhead> {
    let (sender, arrivals) = mpsc::sync_channel(READ_AHEAD);
    thread::Builder::new().name("robolint-lsp-reader".into()).spawn(move || {
        let mut frames = Frames::new(input);
        while let Some(message) = read_message(&mut frames) {
            if sender.send(Arrival { message, more_received: frames.more_received() }).is_err() {
                break;
            }
        }
    })?;
    Ok(ReadAhead { arrivals, more_received: false })
}

/// The client's next message, or `None` when its end is closed or cannot be read.
fn read_message(frames: &mut Frames<impl BufRead>) -> Option<Incoming> {
    frames.read().unwrap_or_else(|error| {
        super::log(format_args!("cannot read from the client: {error}"));
        None
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    AwaitingInitialize,
    Running,
    ShutDown,
}

enum Flow {
    Continue,
    Exit(u8),
}

struct Server<W: Write> {
    output: W,
    phase: Phase,
    documents: Documents,
    /// The client can watch files for us (dynamic registration of didChangeWatchedFiles).
    can_watch_files: bool,
    next_request_id: i32,
}

impl<W: Write> Server<W> {
    fn new(output: W) -> Server<W> {
        Server {
            output,
            phase: Phase::AwaitingInitialize,
            documents: Documents::default(),
            can_watch_files: false,
            next_request_id: 1,
        }
    }

    /// Handles one message; a panic is logged, answered if the message was a request, and
    /// does not end the server. Only a failure to write to the client does.
    fn handle_guarded(&mut self, incoming: Incoming) -> io::Result<Flow> {
        let (what, request_id) = describe(&incoming);
        self.guarded(&what, request_id, |server| server.handle(incoming))
    }

    /// The last line of defence: `work` should never panic, but if it does, the client gets
    /// an error instead of a dead server.
    fn guarded(
        &mut self,
        what: &str,
        request_id: Option<RequestId>,
        work: impl FnOnce(&mut Self) -> io::Result<Flow>,
    ) -> io::Result<Flow> {
        match without_panicking(&format!("handling {what}"), || work(self)) {
            Ok(result) => result,
            Err(reason) => {
                if let Some(id) = request_id {
                    let message = format!("robolint: internal error while handling {what}: {reason}");
                    self.send(Response::new_err(id, ErrorCode::InternalError as i32, message))?;
                }
                Ok(Flow::Continue)
            }
        }
    }

    fn handle(&mut self, incoming: Incoming) -> io::Result<Flow> {
        match incoming {
            Incoming::Message(Message::Request(request)) => self.handle_request(request).map(|()| Flow::Continue),
            Incoming::Message(Message::Notification(notification)) => self.handle_notification(notification),
            // Answers to our registerCapability requests: nothing to do either way.
            Incoming::Message(Message::Response(_)) => Ok(Flow::Continue),
            Incoming::Invalid { id, code, message } => {
                super::log(format_args!("{message}"));
                transport::write_error(&mut self.output, &id, code, &message).map(|()| Flow::Continue)
            }
        }
    }

    fn handle_request(&mut self, request: Request) -> io::Result<()> {
        let id = request.id.clone();
        let answer = match self.phase {
            Phase::AwaitingInitialize if request.method != "initialize" => {
                Err(error(ErrorCode::ServerNotInitialized, "the server has not been initialized".into()))
            }
            Phase::ShutDown => Err(error(ErrorCode::InvalidRequest, "the server is shutting down".into())),
            _ => self.dispatch(request),
        };
        let response = match answer {
            Ok(result) => Response { id, response_result: Ok(result) },
            Err(error) => Response { id, response_result: Err(error) },
        };
        self.send(response)
    }

    fn dispatch(&mut self, request: Request) -> Answer<Value> {
        match request.method.as_str() {
            "initialize" => return answer(request.params, |params| self.initialize(params)),
            "shutdown" => {
                self.phase = Phase::ShutDown;
                return Ok(Value::Null);
            }
            _ => {}
        }
        let documents = &mut self.documents;
        match request.method.as_str() {
            "textDocument/codeAction" => answer(request.params, |params| handlers::code_action(documents, params)),
            "textDocument/hover" => answer(request.params, |params| handlers::hover_at(documents, params)),
            "textDocument/completion" => answer(request.params, |params| handlers::completion(documents, params)),
            "textDocument/documentSymbol" => {
                answer(request.params, |params| handlers::document_symbol(documents, params))
            }
            "textDocument/formatting" => answer(request.params, |params| handlers::formatting(documents, params)),
            method => Err(error(ErrorCode::MethodNotFound, format!("robolint does not handle `{method}`"))),
        }
    }

    fn initialize(&mut self, params: InitializeParams) -> Answer<InitializeResult> {
        if self.phase != Phase::AwaitingInitialize {
            return Err(error(ErrorCode::InvalidRequest, "initialize was already received".into()));
        }
        self.can_watch_files = params
            .capabilities
            .workspace
            .and_then(|workspace| workspace.did_change_watched_files)
            .and_then(|watched| watched.dynamic_registration)
            .unwrap_or(false);
        self.phase = Phase::Running;
        Ok(InitializeResult {
            capabilities: capabilities(),
            server_info: Some(ServerInfo { name: "robolint".into(), version: Some(env!("CARGO_PKG_VERSION").into()) }),
        })
    }

    fn handle_notification(&mut self, notification: Notification) -> io::Result<Flow> {
        let method = notification.method.as_str();
        if method == "exit" {
            let status = if self.phase == Phase::ShutDown { EXIT_CLEAN } else { EXIT_WITHOUT_SHUTDOWN };
            return Ok(Flow::Exit(status));
        }
        if self.phase != Phase::Running {
            return Ok(Flow::Continue); // LSP: notifications before initialize are dropped.
        }
        if method == "initialized" && self.can_watch_files {
            self.register_config_watcher()?;
        }
        let documents = &mut self.documents;
        let effect = match method {
            DidOpenTextDocument::METHOD => notified(notification.params, method, |p| handlers::did_open(documents, p)),
            DidChangeTextDocument::METHOD => {
                notified(notification.params, method, |p| handlers::did_change(documents, p))
            }
            DidCloseTextDocument::METHOD => {
                notified(notification.params, method, |p| handlers::did_close(documents, p))
            }
            DidChangeWatchedFiles::METHOD => handlers::did_change_watched_files(documents),
            // `initialized` (handled above), `$/cancelRequest`, `didSave`, anything unknown.
            _ => Effect::None,
        };
        self.apply(effect).map(|()| Flow::Continue)
    }

    fn apply(&mut self, effect: Effect) -> io::Result<()> {
        match effect {
            Effect::None => Ok(()),
            Effect::ShowWarning(message) => {
                let params = ShowMessageParams { typ: MessageType::WARNING, message };
                self.notify::<ShowMessage>(params)
            }
            Effect::ClearDiagnostics(uri) => self.notify::<PublishDiagnostics>(PublishDiagnosticsParams {
                uri,
                diagnostics: Vec::new(),
                version: None,
            }),
        }
    }

    /// Publishes diagnostics for every document changed since it was last published. Linting
    /// is where a rule's bug would panic, so each document is guarded on its own.
    fn publish_pending(&mut self) -> io::Result<()> {
        let mut pending = Vec::new();
        for uri in self.documents.unpublished() {
            let Some(document) = self.documents.get_mut(&uri) else { continue };
            document.unpublished = false;
            let what = format!("linting {}", document.uri.as_str());
            pending.extend(without_panicking(&what, || publication(document)).ok());
        }
        pending.into_iter().try_for_each(|params| self.notify::<PublishDiagnostics>(params))
    }

    /// Asks the client to tell us when a robolint.toml changes (once, after initialize).
    fn register_config_watcher(&mut self) -> io::Result<()> {
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![FileSystemWatcher { glob_pattern: GlobPattern::String(CONFIG_GLOB.into()), kind: None }],
        };
        let registration = Registration {
            id: "robolint-config-watcher".into(),
            method: DidChangeWatchedFiles::METHOD.into(),
            register_options: serde_json::to_value(options).ok(),
        };
        let id = RequestId::from(self.next_request_id);
        self.next_request_id += 1;
        let params = RegistrationParams { registrations: vec![registration] };
        self.send(Request::new(id, RegisterCapability::METHOD.into(), params))
    }

    fn notify<N: LspNotification>(&mut self, params: N::Params) -> io::Result<()> {
        transport::write_notification(&mut self.output, N::METHOD, &params)
    }

    fn send(&mut self, message: impl Into<Message>) -> io::Result<()> {
        transport::write(&mut self.output, &message.into())
    }
}

fn publication(document: &mut OpenDocument) -> PublishDiagnosticsParams {
    let version = document.version;
    if let Some(why) = document.let_go_because {
        let diagnostics = vec![diagnostics::at_top(diagnostics::let_go(why))];
        return PublishDiagnosticsParams { uri: document.uri.clone(), diagnostics, version: Some(version) };
    }
    let linted = document.linted();
    let diagnostics = published(linted.report, linted.uri, linted.text, linted.lines);
    PublishDiagnosticsParams { uri: linted.uri.clone(), diagnostics, version: Some(version) }
}

/// Runs `work`; a panic becomes its reason, logged to stderr.
fn without_panicking<T>(what: &str, work: impl FnOnce() -> T) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(work)).map_err(|payload| {
        let reason = panic_reason(payload.as_ref());
        super::log(format_args!("internal error while {what}: {reason}"));
        reason
    })
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![":".into()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX, CodeActionKind::SOURCE_FIX_ALL]),
            ..CodeActionOptions::default()
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

fn error(code: ErrorCode, message: String) -> ResponseError {
    ResponseError { code: code as i32, message, data: None }
}

/// Runs a request handler on its parsed parameters.
fn answer<P: DeserializeOwned, R: Serialize>(params: Value, handler: impl FnOnce(P) -> Answer<R>) -> Answer<Value> {
    let params = serde_json::from_value(params)
        .map_err(|problem| error(ErrorCode::InvalidParams, format!("invalid parameters: {problem}")))?;
    let result = handler(params)?;
    serde_json::to_value(result).map_err(|problem| error(ErrorCode::InternalError, problem.to_string()))
}

/// Runs a notification handler on its parsed parameters; bad parameters are logged, since
/// a notification has no answer to carry an error.
fn notified<P: DeserializeOwned>(params: Value, method: &str, handler: impl FnOnce(P) -> Effect) -> Effect {
    match serde_json::from_value(params) {
        Ok(params) => handler(params),
        Err(problem) => {
            super::log(format_args!("{method} with invalid parameters ignored: {problem}"));
            Effect::None
        }
    }
}

/// A name for the message in logs, and the id to answer if it is a request.
fn describe(incoming: &Incoming) -> (String, Option<RequestId>) {
    match incoming {
        Incoming::Message(Message::Request(request)) => {
            (format!("request `{}` ({})", request.method, request.id), Some(request.id.clone()))
        }
        Incoming::Message(Message::Notification(notification)) => {
            (format!("notification `{}`", notification.method), None)
        }
        Incoming::Message(Message::Response(response)) => (format!("response {}", response.id), None),
        Incoming::Invalid { .. } => ("an invalid message".into(), None),
    }
}

fn panic_reason(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|reason| reason.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: i32, method: &str) -> Incoming {
        Incoming::Message(Message::Request(Request::new(RequestId::from(id), method.into(), Value::Null)))
    }

    #[test]
    fn a_panic_while_handling_a_request_is_answered_and_the_server_goes_on() {
        let mut output = Vec::new();
        let mut server = Server::new(&mut output);
        let flow = server.guarded("a test request", Some(RequestId::from(5)), |_| panic!("boom")).expect("writing");
        assert!(matches!(flow, Flow::Continue));
        assert!(matches!(server.handle_guarded(request(6, "shutdown")), Ok(Flow::Continue)));
        drop(server);
        let written = String::from_utf8_lossy(&output);
        assert!(written.contains(r#""id":5,"error":{"code":-32603"#), "{written}");
        assert!(written.contains("boom"), "{written}");
        // Not initialized yet, so shutdown is refused, but answered.
        assert!(written.contains(r#""id":6,"error":{"code":-32002"#), "{written}");
    }

    #[test]
    fn a_session_in_lockstep_publishes_after_each_message_and_exits_cleanly() {
        let frame = |body: Value| {
            let body = body.to_string();
            format!("Content-Length: {}\r\n\r\n{body}", body.len())
        };
        let uri = "file:///site/robots.txt";
        let open = |version: i32, text: &str| {
            let document =
                serde_json::json!({"uri": uri, "languageId": "robots-txt", "version": version, "text": text});
            frame(
                serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}}),
            )
        };
        let session = [
            frame(
                serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
            ),
            open(1, "User-agent: *\nDisallow: /tmp/*\n"),
            open(2, "User-agent: *\nDisallow: /tmp/\n"),
            frame(serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})),
            frame(serde_json::json!({"jsonrpc": "2.0", "method": "exit"})),
        ]
        .concat();
        let mut output = Vec::new();
        let status = serve_in_lockstep(io::Cursor::new(session), &mut output).expect("serving from memory");
        assert_eq!(status, EXIT_CLEAN);
        let mut written = Frames::new(output.as_slice());
        let published: Vec<PublishDiagnosticsParams> =
            std::iter::from_fn(|| written.read().expect("reading from memory"))
                .filter_map(|incoming| match incoming {
                    Incoming::Message(Message::Notification(notification))
                        if notification.method == PublishDiagnostics::METHOD =>
                    {
                        serde_json::from_value(notification.params).ok()
                    }
                    _ => None,
                })
                .collect();
        // Each version is published before the next message is read: the glob, then none.
        let globs: Vec<(Option<i32>, bool)> = published
            .iter()
            .map(|params| {
                let code = Some(lsp_types::NumberOrString::String("RL301".into()));
                (params.version, params.diagnostics.iter().any(|diagnostic| diagnostic.code == code))
            })
            .collect();
        assert_eq!(globs, [(Some(1), true), (Some(2), false)]);
    }

    #[test]
    fn panic_reasons_are_readable() {
        let payload = panic::catch_unwind(|| panic!("reason {}", 7)).expect_err("a panic");
        assert_eq!(panic_reason(payload.as_ref()), "reason 7");
    }
}
