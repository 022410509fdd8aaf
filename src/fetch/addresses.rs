//! Where a redirect may lead. A public site whose robots.txt redirects to 127.0.0.1,
//! 10.0.0.5 or fe80::1 would have robolint, run in CI or on a server, send a request into
//! its own network on the site's behalf. Such a redirect is refused unless asked for
//! (`FetchOptions::allow_private_redirects`), and the refusal is reported (RL614
//! private-redirect). A site whose own address is private (a test server, an intranet)
//! may redirect within that network.
//!
//! The check is on the addresses a host name resolves to, each of them, just before
//! connecting: a public name that resolves to a private address is caught like an address
//! written in the URL.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::NextTimeout;

/// Addresses of the machine itself or of its local network rather than of the internet:
/// loopback, private (RFC 1918, IPv6 unique local), link-local, unspecified and broadcast,
/// and IPv4 ones written as IPv6 (`::ffff:127.0.0.1`).
pub fn is_private(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => is_private_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_private_v4(v4),
            None => v6.is_loopback() || v6.is_unspecified() || v6.is_unique_local() || v6.is_unicast_link_local(),
        },
    }
}

fn is_private_v4(address: Ipv4Addr) -> bool {
    // 0.0.0.0/8 is "this network": Linux connects 0.x.x.x to the machine itself.
    address.is_loopback()
        || address.is_private()
        || address.is_link_local()
        || address.is_broadcast()
        || address.octets()[0] == 0
}

/// What the requests of one fetch have connected to so far, deciding where the next may go.
#[derive(Debug, Default)]
pub(crate) struct AddressGuard {
    allow_private: bool,
    /// A request of this fetch went to a host whose addresses are all public.
    been_public: bool,
    /// The private address the last request was refused for.
    refused: Option<IpAddr>,
}

impl AddressGuard {
    pub(crate) fn new(allow_private: bool) -> AddressGuard {
        AddressGuard { allow_private, ..AddressGuard::default() }
    }

    /// Checks the addresses a host resolved to before any is connected to: one private
    /// address is enough to refuse, since the connection may go to any of them.
    pub(crate) fn admit(&mut self, addresses: &[SocketAddr]) -> Result<(), IpAddr> {
        match addresses.iter().map(SocketAddr::ip).find(|&address| is_private(address)) {
            Some(private) if self.been_public && !self.allow_private => {
                self.refused = Some(private);
                Err(private)
            }
            Some(_) => Ok(()),
            None => {
                self.been_public = true;
                Ok(())
            }
        }
    }

    /// The private address the last request was refused for, if it was.
    pub(crate) fn take_refused(&mut self) -> Option<IpAddr> {
        self.refused.take()
    }
}

/// A resolver that asks `inner`, then the guard.
#[derive(Debug)]
pub(crate) struct GuardedResolver<R> {
    pub(crate) inner: R,
    pub(crate) guard: Arc<Mutex<AddressGuard>>,
}

impl<R: Resolver> Resolver for GuardedResolver<R> {
    fn resolve(&self, uri: &Uri, config: &Config, timeout: NextTimeout) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let addresses = self.inner.resolve(uri, config, timeout)?;
        let admitted = self.guard.lock().unwrap_or_else(PoisonError::into_inner).admit(&addresses);
        admitted.map(|()| addresses).map_err(|_| ureq::Error::ConnectionFailed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ureq::unversioned::resolver::DefaultResolver;
    use ureq::unversioned::transport::time::Duration as UreqDuration;

    fn socket(text: &str) -> SocketAddr {
        SocketAddr::new(text.parse().expect("an address"), 80)
    }

    #[test]
    fn private_addresses() {
        let private = [
            "127.0.0.1",
            "127.8.9.10",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "0.1.2.3",
            "255.255.255.255",
            "::1",
            "::",
            "fd00::1",
            "fc00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
        ];
        let public = ["93.184.216.34", "172.32.0.1", "192.169.0.1", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"];
        for address in private {
            assert!(is_private(address.parse().expect("an address")), "{address} is private");
        }
        for address in public {
            assert!(!is_private(address.parse().expect("an address")), "{address} is public");
        }
    }

    #[test]
    fn only_a_step_from_public_to_private_is_refused() {
        let mut guard = AddressGuard::new(false);
        assert_eq!(guard.admit(&[socket("127.0.0.1")]), Ok(()), "a private start");
        assert_eq!(guard.admit(&[socket("10.0.0.1")]), Ok(()), "private to private");
        assert_eq!(guard.admit(&[socket("93.184.216.34")]), Ok(()));
        let refused: IpAddr = "192.168.0.1".parse().expect("an address");
        assert_eq!(guard.admit(&[socket("93.184.216.35"), socket("192.168.0.1")]), Err(refused), "any address");
        assert_eq!(guard.take_refused(), Some(refused));
        assert_eq!(guard.take_refused(), None);

        let mut allowed = AddressGuard::new(true);
        assert_eq!(allowed.admit(&[socket("93.184.216.34")]), Ok(()));
        assert_eq!(allowed.admit(&[socket("127.0.0.1")]), Ok(()));
    }

    /// Resolves `public.test` to a public address and every other name as the system does.
    #[derive(Debug)]
    struct PublicTestName;

    impl Resolver for PublicTestName {
        fn resolve(
            &self,
            uri: &Uri,
            config: &Config,
            timeout: NextTimeout,
        ) -> Result<ResolvedSocketAddrs, ureq::Error> {
            if uri.host() == Some("public.test") {
                let mut addresses = self.empty();
                addresses.push(socket("93.184.216.34"));
                return Ok(addresses);
            }
            DefaultResolver::default().resolve(uri, config, timeout)
        }
    }

    #[test]
    fn a_name_that_resolves_to_loopback_is_refused_after_a_public_host() {
        let guard = Arc::new(Mutex::new(AddressGuard::new(false)));
        let resolver = GuardedResolver { inner: PublicTestName, guard: Arc::clone(&guard) };
        let config = Config::default();
        let timeout = NextTimeout {
            after: UreqDuration::NotHappening,
            reason: ureq::Timeout::Global,
            per_read: None,
            per_write: None,
        };
        let resolve = |url: &str| resolver.resolve(&url.parse().expect("a URI"), &config, timeout);
        assert!(resolve("http://public.test/robots.txt").is_ok());
        assert!(resolve("http://localhost:8080/robots.txt").is_err(), "localhost is loopback");
        let refused = guard.lock().expect("not poisoned").take_refused();
        assert!(refused.is_some_and(|address| address.is_loopback()), "{refused:?}");
    }
}
