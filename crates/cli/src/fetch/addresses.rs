//! Where a redirect may lead. A public site whose robots.txt redirects to 127.0.0.1,
//! 10.0.0.5 or fe80::1 would have robolint, run in CI or on a server, send a request into
//! its own network on the site's behalf. Such a redirect is refused unless asked for
//! (`FetchOptions::allow_private_redirects`), and the refusal is reported (RL614
//! private-redirect). A site whose own addresses are all private (a test server, an
//! intranet) may redirect within that network.
//!
//! The check is on the addresses a host name resolves to, each of them, just before
//! connecting: a public name that resolves to a private address is caught like an address
//! written in the URL. One [`SharedGuard`] watches every fetch that follows from one URL
//! the user named: its redirects, and for a sitemap index, the sitemaps it names.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::NextTimeout;

/// Whether an address is of the internet at large: not one of the special-purpose ranges of
/// IANA's IPv4 and IPv6 registries (loopback, private, shared CGNAT space, link-local,
/// documentation, benchmarking, reserved, multicast, broadcast, ...). An IPv6 address that
/// carries an IPv4 one (IPv4-mapped, NAT64's 64:ff9b::/96, 6to4's 2002::/16) is as public as
/// the IPv4 address it leads to; Teredo (2001::/32) and the rest of 2001::/23 are not public.
pub fn is_public(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

/// IPv4 ranges that are not the internet's, as (first address, prefix length).
const SPECIAL_V4: [([u8; 4], u32); 16] = [
    ([0, 0, 0, 0], 8),          // "this network": Linux connects 0.x.x.x to the machine itself
    ([10, 0, 0, 0], 8),         // private (RFC 1918)
    ([100, 64, 0, 0], 10),      // shared address space, carrier-grade NAT (RFC 6598)
    ([127, 0, 0, 0], 8),        // loopback
    ([169, 254, 0, 0], 16),     // link-local, cloud metadata services
    ([172, 16, 0, 0], 12),      // private
    ([192, 0, 0, 0], 24),       // IETF protocol assignments (DS-Lite, NAT64 discovery)
    ([192, 0, 2, 0], 24),       // documentation
    ([192, 88, 99, 0], 24),     // the deprecated 6to4 relay anycast
    ([192, 168, 0, 0], 16),     // private
    ([198, 18, 0, 0], 15),      // benchmarking
    ([198, 51, 100, 0], 24),    // documentation
    ([203, 0, 113, 0], 24),     // documentation
    ([224, 0, 0, 0], 4),        // multicast
    ([240, 0, 0, 0], 4),        // reserved
    ([255, 255, 255, 255], 32), // limited broadcast
];

/// IPv6 ranges that are not the internet's. IPv4-mapped, NAT64 and 6to4 addresses are
/// judged by the IPv4 address they carry instead.
const SPECIAL_V6: [(u128, u32); 11] = [
    (0, 96),                      // unspecified, loopback, IPv4-compatible
    (0x0064_ff9b_0001 << 80, 48), // local-use IPv4/IPv6 translation
    (0x0100 << 112, 64),          // discard-only
    (0x2001 << 112, 23),          // IETF protocol assignments, Teredo among them
    (0x2001_0db8 << 96, 32),      // documentation
    (0x3fff << 112, 20),          // documentation
    (0x5f00 << 112, 16),          // segment routing (SRv6) identifiers
    (0xfc00 << 112, 7),           // unique local
    (0xfe80 << 112, 10),          // link-local
    (0xfec0 << 112, 10),          // site-local, deprecated
    (0xff00 << 112, 8),           // multicast
];

fn in_range(address: u128, first: u128, prefix: u32, width: u32) -> bool {
    let shift = width - prefix;
    address >> shift == first >> shift
}

fn is_public_v4(address: Ipv4Addr) -> bool {
    let bits = u32::from(address);
    !SPECIAL_V4.iter().any(|&(first, prefix)| in_range(bits.into(), u32::from_be_bytes(first).into(), prefix, 32))
}

fn is_public_v6(address: Ipv6Addr) -> bool {
    let bits = u128::from(address);
    // The IPv4 address the packets would reach: IPv4-mapped and NAT64 in the last 32 bits,
    // 6to4 in the 32 after 2002::/16.
    let ipv4_mapped = in_range(bits, 0xffff << 32, 96, 128);
    let nat64 = in_range(bits, 0x0064_ff9b << 96, 96, 128);
    if ipv4_mapped || nat64 {
        return is_public_v4(Ipv4Addr::from(bits as u32));
    }
    if in_range(bits, 0x2002 << 112, 16, 128) {
        return is_public_v4(Ipv4Addr::from((bits >> 80) as u32));
    }
    !SPECIAL_V6.iter().any(|&(first, prefix)| in_range(bits, first, prefix, 128))
}

/// What the requests that follow from one URL have connected to so far, deciding where the
/// next may go.
#[derive(Debug, Default)]
pub(crate) struct AddressGuard {
    allow_private: bool,
    /// A request went to a host with a public address.
    been_public: bool,
    /// The private address the last request was refused for.
    refused: Option<IpAddr>,
}

impl AddressGuard {
    /// Checks the addresses a host resolved to before any is connected to. A host is private
    /// only if every address it has is private: the connection may go to any of them, so a
    /// host with one public address makes the fetch public from then on, and after that one
    /// private address is enough to refuse a host.
    pub(crate) fn admit(&mut self, addresses: &[SocketAddr]) -> Result<(), IpAddr> {
        let private = addresses.iter().map(SocketAddr::ip).find(|&address| !is_public(address));
        if let Some(private) = private.filter(|_| self.been_public && !self.allow_private) {
            self.refused = Some(private);
            return Err(private);
        }
        self.been_public |= addresses.iter().any(|address| is_public(address.ip()));
        Ok(())
    }

    /// The private address the last request was refused for, if it was.
    pub(crate) fn take_refused(&mut self) -> Option<IpAddr> {
        self.refused.take()
    }
}

/// One `AddressGuard` for every fetch that follows from one URL the user named: a sitemap
/// index's sitemaps are fetched with the index's guard, so a public index cannot send
/// robolint into a private network any more than a redirect can. Clones share the guard.
#[derive(Debug, Clone)]
pub struct SharedGuard(Arc<Mutex<AddressGuard>>);

impl SharedGuard {
    /// A guard that has seen nothing yet; `allow_private` lets every fetch go anywhere.
    pub fn new(allow_private: bool) -> SharedGuard {
        SharedGuard(Arc::new(Mutex::new(AddressGuard { allow_private, ..AddressGuard::default() })))
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, AddressGuard> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A resolver that asks `inner`, then the guard.
#[derive(Debug)]
pub(crate) struct GuardedResolver<R> {
    pub(crate) inner: R,
    pub(crate) guard: SharedGuard,
}

impl<R: Resolver> Resolver for GuardedResolver<R> {
    fn resolve(&self, uri: &Uri, config: &Config, timeout: NextTimeout) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let addresses = self.inner.resolve(uri, config, timeout)?;
        let admitted = self.guard.lock().admit(&addresses);
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

    /// IANA's special-purpose registries, a line per range: an address inside it, and the
    /// nearest public ones on either side where there are any.
    #[test]
    fn the_special_purpose_ranges_are_not_public() {
        let not_public = [
            "0.0.0.0",
            "0.1.2.3",
            "10.1.2.3",
            "100.64.0.1",
            "100.127.255.254",
            "127.0.0.1",
            "127.8.9.10",
            "169.254.169.254",
            "172.16.0.1",
            "172.31.255.255",
            "192.0.0.8",
            "192.0.2.1",
            "192.88.99.1",
            "192.168.1.1",
            "198.18.0.1",
            "198.19.255.255",
            "198.51.100.7",
            "203.0.113.9",
            "224.0.0.1",
            "239.255.255.250",
            "240.0.0.1",
            "255.255.255.255",
            "::",
            "::1",
            "::127.0.0.1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:100.64.0.1",
            "64:ff9b::7f00:1",
            "64:ff9b::a00:1",
            "64:ff9b::a9fe:a9fe",
            "64:ff9b:1::1",
            "100::1",
            "2001::1",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "2001:2::1",
            "2001:db8::1",
            "2002:7f00:1::1",
            "2002:a00:1::",
            "2002:c0a8:101::1",
            "3fff::1",
            "5f00::1",
            "fc00::1",
            "fd00::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
        ];
        let public = [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "100.63.255.255",
            "100.128.0.1",
            "172.15.255.255",
            "172.32.0.1",
            "192.0.3.1",
            "192.169.0.1",
            "198.17.255.255",
            "198.20.0.1",
            "223.255.255.255",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
            "2400:cb00::1",
            "2606:4700::1111",
            "2001:4860:4860::8888",
        ];
        for address in not_public {
            assert!(!is_public(address.parse().expect("an address")), "{address} is not public");
        }
        for address in public {
            assert!(is_public(address.parse().expect("an address")), "{address} is public");
        }
    }

    #[test]
    fn only_a_step_from_public_to_private_is_refused() {
        let mut guard = SharedGuard::new(false);
        assert_eq!(guard.lock().admit(&[socket("127.0.0.1")]), Ok(()), "a private start");
        assert_eq!(guard.lock().admit(&[socket("10.0.0.1")]), Ok(()), "private to private");
        assert_eq!(guard.lock().admit(&[socket("93.184.216.34")]), Ok(()));
        let refused: IpAddr = "192.168.0.1".parse().expect("an address");
        assert_eq!(guard.lock().admit(&[socket("93.184.216.35"), socket("192.168.0.1")]), Err(refused), "any address");
        assert_eq!(guard.lock().take_refused(), Some(refused));
        assert_eq!(guard.lock().take_refused(), None);

        guard = SharedGuard::new(true);
        assert_eq!(guard.lock().admit(&[socket("93.184.216.34")]), Ok(()));
        assert_eq!(guard.lock().admit(&[socket("127.0.0.1")]), Ok(()));
    }

    /// A first host whose answers mix a public and a private address is public: were it
    /// taken for private, everything after it could go anywhere.
    #[test]
    fn a_host_with_one_public_address_makes_the_fetch_public() {
        let guard = SharedGuard::new(false);
        assert_eq!(guard.lock().admit(&[socket("10.0.0.7"), socket("93.184.216.34")]), Ok(()), "the named host");
        let refused: IpAddr = "10.0.0.7".parse().expect("an address");
        assert_eq!(guard.lock().admit(&[socket("10.0.0.7")]), Err(refused));
    }

    /// A later fetch under the same guard (a sitemap index's sitemaps) is refused a private
    /// address after a public one, before any connection is tried.
    #[test]
    fn fetches_that_share_a_guard_share_what_it_saw() {
        let guard = SharedGuard::new(false);
        assert_eq!(guard.lock().admit(&[socket("93.184.216.34")]), Ok(()), "the index's host");
        let url = robolint::fetch::HttpUrl::parse("http://127.0.0.1:9/sitemap.xml").expect("a URL");
        let outcome = crate::fetch::fetch_guarded(&url, &crate::fetch::FetchOptions::default(), &guard);
        let failure = match outcome.ending {
            robolint::fetch::Ending::Failed { failure, .. } => failure,
            ending => panic!("fetched: {ending:?}"),
        };
        assert_eq!(failure.kind, robolint::fetch::FailureKind::PrivateAddress, "{}", failure.detail);
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
        let guard = SharedGuard::new(false);
        let resolver = GuardedResolver { inner: PublicTestName, guard: guard.clone() };
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
        let refused = guard.lock().take_refused();
        assert!(refused.is_some_and(|address| address.is_loopback()), "{refused:?}");
    }
}
