//! `robolint URL`: fetching a site's `/robots.txt` over the network. The engine's
//! [`robolint::fetch::follow`] follows the redirects and reads the body; this module is its
//! network [`Transport`](robolint::fetch::Transport) and the guard on where redirects lead.

pub mod addresses;
mod client;

pub use client::{default_user_agent, fetch, fetch_guarded, FetchOptions, LONGEST_WAIT};
