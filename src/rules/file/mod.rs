//! Rules of category `file`, code band RL0xx: the file as bytes and text (encoding, size, line ends, what it is at all).
//! One file per rule; its line in `super`'s registry says when it runs.

pub(super) mod binary_content;
pub(super) mod byte_order_mark;
pub(super) mod empty_file;
pub(super) mod error_page;
pub(super) mod escaped_line_breaks;
pub(super) mod file_name;
pub(super) mod file_too_large;
pub(super) mod garbled_byte_order_mark;
pub(super) mod html_document;
pub(super) mod invalid_utf8;
pub(super) mod long_line;
pub(super) mod lost_line_breaks;
pub(super) mod mixed_line_endings;
pub(super) mod non_crlf_line_ending;
pub(super) mod nul_byte;
pub(super) mod utf16_encoding;
