//! The few URL operations fetching needs, kept small on purpose: parse an absolute http(s)
//! URL, derive the site's `/robots.txt`, and resolve a redirect's `Location` against the URL
//! that sent it (RFC 3986 §5.2). Equal URLs compare equal after normalisation (lower-case
//! scheme and host, default port dropped), which is what redirect-loop detection needs.
//! The host alone is read by the `url` crate's host parser: internationalised names (IDNA)
//! and the ways of writing an address are the part not worth writing by hand.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    Http,
    Https,
}

impl Scheme {
    fn name(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }

    fn default_port(self) -> u16 {
        match self {
            Scheme::Http => 80,
            Scheme::Https => 443,
        }
    }
}

/// An absolute http or https URL without user information or fragment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpUrl {
    scheme: Scheme,
    /// Lower case; an IPv6 address keeps its brackets.
    host: String,
    /// `None` for the scheme's default port.
    port: Option<u16>,
    /// Starts with `/`; bytes a URL may not hold are %-encoded.
    path_and_query: String,
}

/// Why a text is not a URL robolint can fetch.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    /// The text, which has no scheme such as `https:`.
    #[error("`{0}` is not an absolute URL")]
    NotAbsolute(String),
    /// The URL, and its scheme in lower case.
    #[error("`{0}`: robolint fetches only http and https URLs, not `{1}`")]
    Scheme(String, String),
    /// The text, whose scheme is not followed by `//` and a host.
    #[error("`{0}` has no `//` and host after the scheme")]
    NoHost(String),
    /// The URL, and what is wrong with its host or port.
    #[error("`{0}`: {1}")]
    Authority(String, String),
}

/// True when `text` starts like a URL robolint can fetch (`http://` or `https://`, any case),
/// which is how the command line tells a URL from a file name.
pub fn looks_like_http_url(text: &str) -> bool {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

impl HttpUrl {
    /// Parses an absolute http or https URL.
    pub fn parse(text: &str) -> Result<HttpUrl, UrlError> {
        let text = text.trim();
        let (scheme, rest) = split_scheme(text).ok_or_else(|| UrlError::NotAbsolute(text.to_string()))?;
        let scheme = match scheme.to_ascii_lowercase().as_str() {
            "http" => Scheme::Http,
            "https" => Scheme::Https,
            other => return Err(UrlError::Scheme(text.to_string(), other.to_string())),
        };
        let rest = rest.strip_prefix("//").ok_or_else(|| UrlError::NoHost(text.to_string()))?;
        let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, after) = rest.split_at(authority_end);
        let (host, port) =
            parse_authority(authority, scheme).map_err(|problem| UrlError::Authority(text.to_string(), problem))?;
        let path_and_query = match after.split('#').next().unwrap_or_default() {
            "" => "/".to_string(),
            query if query.starts_with('?') => format!("/{}", encode_unsafe(query)),
            path => remove_dot_segments(&encode_unsafe(path)),
        };
        Ok(HttpUrl { scheme, host, port, path_and_query })
    }

    /// The site's robots.txt: the same scheme, host and port, path `/robots.txt`.
    pub fn robots_txt(&self) -> HttpUrl {
        HttpUrl { path_and_query: "/robots.txt".to_string(), ..self.clone() }
    }

    /// The host, in lower case; an IPv6 address keeps its brackets.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The path, without the query: `/robots.txt`.
    pub fn path(&self) -> &str {
        split_query(&self.path_and_query).0
    }

    /// `host` or `host:port` when the port is not the scheme's default.
    pub fn authority(&self) -> String {
        match self.port {
            Some(port) => format!("{}:{port}", self.host),
            None => self.host.clone(),
        }
    }

    /// The URL a `Location` value names, read relative to this one (RFC 3986 §5.2).
    pub fn resolve(&self, reference: &str) -> Result<HttpUrl, UrlError> {
        let reference = reference.trim();
        let reference = reference.split('#').next().unwrap_or_default();
        if split_scheme(reference).is_some() {
            return HttpUrl::parse(reference);
        }
        if let Some(network_path) = reference.strip_prefix("//") {
            return HttpUrl::parse(&format!("{}://{network_path}", self.scheme.name()));
        }
        let (base_path, _) = split_query(&self.path_and_query);
        let path_and_query = if reference.is_empty() {
            self.path_and_query.clone()
        } else if reference.starts_with('?') {
            format!("{base_path}{}", encode_unsafe(reference))
        } else if reference.starts_with('/') {
            remove_dot_segments(&encode_unsafe(reference))
        } else {
            // A relative path replaces the last segment of the base path, which always
            // starts with `/`.
            let directory = &base_path[..base_path.rfind('/').map_or(0, |slash| slash + 1)];
            remove_dot_segments(&encode_unsafe(&format!("{directory}{reference}")))
        };
        Ok(HttpUrl { path_and_query, ..self.clone() })
    }
}

impl fmt::Display for HttpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}{}", self.scheme.name(), self.authority(), self.path_and_query)
    }
}

/// `(scheme, rest)` when `text` starts with an RFC 3986 scheme and a colon.
fn split_scheme(text: &str) -> Option<(&str, &str)> {
    let colon = text.find(':')?;
    let scheme = &text[..colon];
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then(|| (scheme, &text[colon + 1..]))
}

fn split_query(path_and_query: &str) -> (&str, &str) {
    let at = path_and_query.find('?').unwrap_or(path_and_query.len());
    path_and_query.split_at(at)
}

fn parse_authority(authority: &str, scheme: Scheme) -> Result<(String, Option<u16>), String> {
    if authority.contains('@') {
        return Err("robolint fetches robots.txt without credentials: remove the `user@` part".into());
    }
    let (host, port) = if let Some(bracketed) = authority.strip_prefix('[') {
        let close = bracketed.find(']').ok_or("an IPv6 address lacks its closing `]`")?;
        let after = &bracketed[close + 1..];
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':').ok_or("unexpected text after the IPv6 address")?),
        };
        (&authority[..close + 2], port)
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    if host.is_empty() {
        return Err("the URL names no host".into());
    }
    // An internationalised name becomes its ASCII form (`bücher.example` is sent as
    // `xn--bcher-kva.example`), an address its canonical form, a name lower case.
    let host = url::Host::parse(host).map_err(|problem| format!("`{host}` is not a host name ({problem})"))?;
    let port = match port.filter(|port| !port.is_empty()) {
        None => None,
        Some(digits) => {
            let port: u16 = digits.parse().map_err(|_| format!("`{digits}` is not a port number"))?;
            (port != scheme.default_port()).then_some(port)
        }
    };
    Ok((host.to_string(), port))
}

/// %-encodes what may not appear in a URL as sent (spaces, controls, non-ASCII, and the
/// few ASCII characters RFC 3986 excludes), as browsers do with a sloppy `Location`.
fn encode_unsafe(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        let unsafe_byte = byte <= b' '
            || byte >= 0x7F
            || matches!(byte, b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}');
        if unsafe_byte {
            encoded.push_str(&format!("%{byte:02X}"));
        } else {
            encoded.push(char::from(byte));
        }
    }
    encoded
}

/// RFC 3986 §5.2.4 for a path that starts with `/` (a query, if any, is left alone).
fn remove_dot_segments(path_and_query: &str) -> String {
    let (path, query) = split_query(path_and_query);
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let mut kept: Vec<&str> = Vec::with_capacity(segments.len());
    for (index, segment) in segments.iter().enumerate() {
        let last = index + 1 == segments.len();
        match *segment {
            "." => {}
            ".." => {
                kept.pop();
            }
            other => kept.push(other),
        }
        // `/a/.` and `/a/b/..` name a directory: keep the trailing slash.
        if last && matches!(*segment, "." | "..") {
            kept.push("");
        }
    }
    format!("/{}{query}", kept.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> HttpUrl {
        HttpUrl::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    #[test]
    fn robots_txt_keeps_scheme_host_and_port() {
        assert_eq!(url("https://Example.COM/").robots_txt().to_string(), "https://example.com/robots.txt");
        assert_eq!(url("http://www.bar.com:8001/").robots_txt().to_string(), "http://www.bar.com:8001/robots.txt");
        assert_eq!(
            url("http://www.foo.com/welcome.html?x#y").robots_txt().to_string(),
            "http://www.foo.com/robots.txt"
        );
        assert_eq!(url("HTTP://example.com:80").robots_txt().to_string(), "http://example.com/robots.txt");
        assert_eq!(url("http://[::1]:8080/a").robots_txt().to_string(), "http://[::1]:8080/robots.txt");
        assert_eq!(url("http://127.0.0.1:3000").authority(), "127.0.0.1:3000");
    }

    #[test]
    fn bad_urls_say_why() {
        for (text, problem) in [
            ("ftp://example.com/", "only http and https"),
            ("example.com", "not an absolute URL"),
            ("http:example.com", "no `//`"),
            ("http://user:pw@example.com/", "credentials"),
            ("http://exa mple.com/", "not a host name"),
            ("http://example.com:99999/", "not a port number"),
            ("http:///robots.txt", "no host"),
            ("http://exa<mple.com/", "not a host name"),
        ] {
            let error = HttpUrl::parse(text).expect_err(text).to_string();
            assert!(error.contains(problem), "{text}: {error}");
        }
    }

    #[test]
    fn internationalised_host_names_are_sent_in_their_ascii_form() {
        assert_eq!(
            url("https://Bücher.example/a").robots_txt().to_string(),
            "https://xn--bcher-kva.example/robots.txt"
        );
        assert_eq!(url("http://例え.テスト:8080/").authority(), "xn--r8jz45g.xn--zckzah:8080");
        assert_eq!(url("http://[::1]/").host(), "[::1]");
    }

    #[test]
    fn locations_resolve_like_rfc_3986() {
        let base = url("http://a.example/b/c/robots.txt?q");
        for (reference, resolved) in [
            ("https://other.example/robots.txt", "https://other.example/robots.txt"),
            ("//other.example:8080/x", "http://other.example:8080/x"),
            ("/robots.txt", "http://a.example/robots.txt"),
            ("d.txt", "http://a.example/b/c/d.txt"),
            ("../d.txt", "http://a.example/b/d.txt"),
            ("../../../../d.txt", "http://a.example/d.txt"),
            ("./", "http://a.example/b/c/"),
            ("..", "http://a.example/b/"),
            ("?x=1", "http://a.example/b/c/robots.txt?x=1"),
            ("", "http://a.example/b/c/robots.txt?q"),
            ("/a b/é#frag", "http://a.example/a%20b/%C3%A9"),
        ] {
            assert_eq!(base.resolve(reference).map(|url| url.to_string()), Ok(resolved.to_string()), "{reference}");
        }
        assert!(base.resolve("mailto:x@example.com").is_err());
    }

    #[test]
    fn urls_are_recognised_by_their_scheme() {
        assert!(looks_like_http_url("HTTPS://example.com"));
        assert!(looks_like_http_url("http://"));
        assert!(!looks_like_http_url("robots.txt"));
        assert!(!looks_like_http_url("http.txt"));
    }
}
