//! One function per LSP method: typed parameters in, a typed result (or an error) out.

use lsp_server::{ErrorCode, ResponseError};
use lsp_types::{
    CodeActionKind, CodeActionResponse, CodeActionTriggerKind, CompletionParams, CompletionResponse,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentFormattingParams,
    DocumentSymbolParams, DocumentSymbolResponse, Hover, HoverContents, HoverParams, MarkupContent, MarkupKind, Range,
    TextDocumentIdentifier, TextEdit, Uri,
};
use serde::Deserialize;

use super::code_actions::{code_actions, Trigger};
use super::completion::complete;
use super::diagnostics::{let_go, over_the_cap};
use super::documents::{Documents, OpenDocument};
use super::hover::hover;
use super::positions::LspPositions;
use super::symbols::document_symbols;
use robolint::model::Span;
use robolint::source::DEFAULT_SIZE_CAP;

pub type Answer<T> = Result<T, ResponseError>;

/// What a notification asks the server to do next.
pub enum Effect {
    None,
    /// Tell the user something (a configuration problem).
    ShowWarning(String),
    /// Send empty diagnostics for a document that closed.
    ClearDiagnostics(Uri),
}

fn not_open(uri: &Uri) -> ResponseError {
    ResponseError {
        code: ErrorCode::RequestFailed as i32,
        message: format!("no open document {}: send textDocument/didOpen first", uri.as_str()),
        data: None,
    }
}

fn document<'a>(documents: &'a mut Documents, uri: &Uri) -> Answer<&'a mut OpenDocument> {
    documents.get_mut(uri).ok_or_else(|| not_open(uri))
}

pub fn did_open(documents: &mut Documents, params: DidOpenTextDocumentParams) -> Effect {
    let item = params.text_document;
    match documents.open(item.uri, item.version, item.text) {
        Some(problem) => Effect::ShowWarning(problem),
        None => Effect::None,
    }
}

/// Applies the edits; diagnostics go out once the queue of incoming messages is empty.
pub fn did_change(documents: &mut Documents, params: DidChangeTextDocumentParams) -> Effect {
    let identifier = params.text_document;
    if !documents.change(&identifier.uri, identifier.version, params.content_changes) {
        super::log(format_args!("didChange for {}, which is not open: ignored", identifier.uri.as_str()));
    }
    Effect::None
}

pub fn did_close(documents: &mut Documents, params: DidCloseTextDocumentParams) -> Effect {
    let uri = params.text_document.uri;
    documents.close(&uri);
    Effect::ClearDiagnostics(uri)
}

pub fn did_change_watched_files(documents: &mut Documents) -> Effect {
    let problems = documents.reload_settings();
    if problems.is_empty() {
        Effect::None
    } else {
        Effect::ShowWarning(problems.join("\n"))
    }
}

/// What robolint reads of `textDocument/codeAction`'s parameters. Its actions come from the
/// range, not from the client's `context.diagnostics`, so those are not read at all: older
/// clients send them partial, and such a request is answered like any other.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeActionQuery {
    text_document: TextDocumentIdentifier,
    range: Range,
    #[serde(default)]
    context: WantedActions,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct WantedActions {
    #[serde(default)]
    only: Option<Vec<CodeActionKind>>,
    /// Absent from older clients, whose requests are taken as automatic ones.
    #[serde(default)]
    trigger_kind: Option<CodeActionTriggerKind>,
}

pub fn code_action(documents: &mut Documents, params: CodeActionQuery) -> Answer<CodeActionResponse> {
    let document = document(documents, &params.text_document.uri)?;
    let context = params.context;
    let trigger = if context.trigger_kind == Some(CodeActionTriggerKind::INVOKED) {
        Trigger::Invoked
    } else {
        Trigger::Automatic
    };
    Ok(code_actions(&document.linted(), params.range, context.only.as_deref(), trigger))
}

pub fn hover_at(documents: &mut Documents, params: HoverParams) -> Answer<Option<Hover>> {
    let at = params.text_document_position_params;
    let document = document(documents, &at.text_document.uri)?;
    let linted = document.linted();
    let offset = linted.lines.lsp_offset(linted.text, at.position);
    Ok(hover(linted.report, linted.linter.settings().targets(), offset).map(|(span, markdown)| Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: markdown }),
        range: Some(linted.lines.lsp_range(linted.text, span)),
    }))
}

pub fn completion(documents: &mut Documents, params: CompletionParams) -> Answer<Option<CompletionResponse>> {
    let at = params.text_document_position;
    let document = document(documents, &at.text_document.uri)?;
    Ok(Some(CompletionResponse::Array(complete(&document.text, &document.lines, at.position))))
}

pub fn document_symbol(
    documents: &mut Documents,
    params: DocumentSymbolParams,
) -> Answer<Option<DocumentSymbolResponse>> {
    let document = document(documents, &params.text_document.uri)?;
    let linted = document.linted();
    Ok(Some(DocumentSymbolResponse::Nested(document_symbols(linted.report, linted.lines))))
}

/// The whole document, formatted, as one edit; no edits when it is already formatted. A
/// document larger than robolint reads is refused, with the words of the diagnostic published
/// at its top: formatting keeps every line, so its cost follows the size the client chose.
pub fn formatting(documents: &mut Documents, params: DocumentFormattingParams) -> Answer<Option<Vec<TextEdit>>> {
    let document = document(documents, &params.text_document.uri)?;
    if let Some(why) = document.let_go_because {
        return Err(ResponseError { code: ErrorCode::RequestFailed as i32, message: let_go(why), data: None });
    }
    if document.text.len() > DEFAULT_SIZE_CAP {
        let linted = document.linted().report.source.truncation.map_or(DEFAULT_SIZE_CAP, |cut| cut.kept_bytes);
        return Err(ResponseError {
            code: ErrorCode::RequestFailed as i32,
            message: over_the_cap(document.text.len(), linted),
            data: None,
        });
    }
    let formatted = robolint::format::format(&document.text);
    if formatted == document.text {
        return Ok(Some(Vec::new()));
    }
    let whole = document.lines.lsp_range(&document.text, Span::new(0, document.text.len()));
    Ok(Some(vec![TextEdit::new(whole, formatted)]))
}
