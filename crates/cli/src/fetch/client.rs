//! The network: one blocking GET per hop with ureq (rustls, no async runtime). ureq follows
//! no redirects and decodes nothing here, so [`follow`] sees every hop and every byte
//! as the server sent them.

use std::io::{self, Read};
use std::time::{Duration, Instant};

use ureq::unversioned::resolver::DefaultResolver;
use ureq::unversioned::transport::DefaultConnector;

use super::addresses::{GuardedResolver, SharedGuard};
use robolint::fetch::{
    follow, Failure, FailureKind, FetchOutcome, Headers, HttpUrl, RawResponse, Transport, DEFAULT_MAX_SIZE,
};

/// The longest any wait is allowed to be: more than a day is as good as forever for one
/// robots.txt, and keeps every deadline within what the clock can count to.
pub const LONGEST_WAIT: Duration = Duration::from_secs(24 * 60 * 60);

/// How robolint asks for robots.txt.
#[derive(Debug, Clone)]
pub struct FetchOptions {
    /// The User-Agent header; empty sends none.
    pub user_agent: String,
    /// The most one connection (name resolution, TCP, TLS) may take.
    pub connect_timeout: Duration,
    /// The most the whole fetch may take, every redirect and the body included.
    pub timeout: Duration,
    /// The most body bytes robolint keeps, after removing the content coding.
    pub max_size: usize,
    /// Follow a redirect from a public address to a private one (loopback, local network,
    /// link-local); see [`super::addresses`].
    pub allow_private_redirects: bool,
}

/// `robolint/0.1.0`: robots.txt owners see who asked.
pub fn default_user_agent() -> String {
    format!("robolint/{}", env!("CARGO_PKG_VERSION"))
}

impl Default for FetchOptions {
    fn default() -> FetchOptions {
        FetchOptions {
            user_agent: default_user_agent(),
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(30),
            max_size: DEFAULT_MAX_SIZE,
            allow_private_redirects: false,
        }
    }
}

/// GETs `url` (a robots.txt URL) and whatever it redirects to.
pub fn fetch(url: &HttpUrl, options: &FetchOptions) -> FetchOutcome {
    fetch_guarded(url, options, &SharedGuard::new(options.allow_private_redirects))
}

/// [`fetch`] under a guard that earlier fetches may have seen public: the fetches that
/// follow from one URL the user named (a sitemap index, then its sitemaps) share one.
pub fn fetch_guarded(url: &HttpUrl, options: &FetchOptions, guard: &SharedGuard) -> FetchOutcome {
    let config = ureq::Agent::config_builder()
        // Every status is an answer to record, not an error.
        .http_status_as_error(false)
        .max_redirects(0)
        .user_agent(options.user_agent.as_str())
        // What robolint decodes itself (see body.rs); ureq's own gzip support is off.
        .accept_encoding("gzip, deflate")
        .timeout_connect(Some(options.connect_timeout.min(LONGEST_WAIT)))
        // No connection is kept for the next hop: a server may close a kept-alive connection
        // just as it is reused, which would fail the hop (a false robots-txt-unreachable),
        // and each hop's addresses are checked by the resolver, which a reused connection
        // would skip. A redirect chain is a handful of requests; the handshakes cost little.
        .max_idle_connections(0)
        .max_idle_connections_per_host(0)
        .build();
    let resolver = GuardedResolver { inner: DefaultResolver::default(), guard: guard.clone() };
    let agent = ureq::Agent::with_parts(config, DefaultConnector::default(), resolver);
    let deadline = Instant::now() + options.timeout.min(LONGEST_WAIT);
    let mut transport = UreqTransport { agent, deadline, guard: guard.clone() };
    follow(url.clone(), &mut transport, options.max_size)
}

struct UreqTransport {
    agent: ureq::Agent,
    /// Where this fetch's requests have connected, shared with the agent's resolver.
    guard: SharedGuard,
    /// One deadline for the whole chain of redirects, not one per request.
    deadline: Instant,
}

impl Transport for UreqTransport {
    fn get(&mut self, url: &HttpUrl) -> Result<RawResponse<'_>, Failure> {
        let remaining = self.deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(Failure::new(FailureKind::Timeout, "no time was left for this request"));
        }
        let response =
            self.agent.get(url.to_string()).config().timeout_global(Some(remaining)).build().call().map_err(
                |error| {
                    let refused = self.guard.lock().take_refused();
                    match refused {
                        Some(address) => {
                            Failure::new(FailureKind::PrivateAddress, format!("{} resolves to {address}", url.host()))
                        }
                        None => failure(&error),
                    }
                },
            )?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .map(|(name, value)| (name.as_str().to_string(), String::from_utf8_lossy(value.as_bytes()).into_owned()))
            .collect();
        let body = response.into_body().into_reader();
        Ok(RawResponse { status, headers: Headers::new(headers), body: Box::new(PlainErrors(body)) })
    }
}

/// Sorts ureq's errors into the failures robots tell apart.
fn failure(error: &ureq::Error) -> Failure {
    let kind = match error {
        ureq::Error::Timeout(_) => FailureKind::Timeout,
        ureq::Error::HostNotFound => FailureKind::Dns,
        ureq::Error::ConnectionFailed => FailureKind::Connect,
        ureq::Error::Tls(_) | ureq::Error::Rustls(_) | ureq::Error::TlsRequired => FailureKind::Tls,
        ureq::Error::Protocol(_) | ureq::Error::LargeResponseHeader(..) | ureq::Error::BodyStalled => {
            FailureKind::Protocol
        }
        ureq::Error::Io(io) => match io.kind() {
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => FailureKind::Timeout,
            io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionReset | io::ErrorKind::ConnectionAborted => {
                FailureKind::Connect
            }
            _ => FailureKind::Io,
        },
        _ => FailureKind::Io,
    };
    Failure::new(kind, error.to_string())
}

/// ureq's body reader wraps its own errors in `io::Error`; unwrap them so that a timeout
/// while reading the body has the `TimedOut` kind the rest of the code looks at.
struct PlainErrors<R>(R);

impl<R: Read> Read for PlainErrors<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(|error| {
            if error.kind() == io::ErrorKind::Interrupted {
                return error;
            }
            let error = ureq::Error::from(error);
            let kind = match failure(&error).kind {
                FailureKind::Timeout => io::ErrorKind::TimedOut,
                FailureKind::Connect => io::ErrorKind::ConnectionReset,
                FailureKind::Protocol => io::ErrorKind::InvalidData,
                _ => io::ErrorKind::Other,
            };
            io::Error::new(kind, error.to_string())
        })
    }
}
