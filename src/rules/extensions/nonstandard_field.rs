use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(_: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.field() else { return };
    let Some(directive) = field.directive else { return };
    let Some(who) = who_honours(directive) else { return };
    out.report(field.name, text!("`{}` is in no robots.txt standard: {}", field.name, who)).help(
        "the standards define only User-agent and Disallow, and Allow from the 1996 draft on (RFC 9309 \
         lets crawlers read other records such as Sitemap); robots that do not know a field skip its line",
    );
}

/// Which robots read a field the standards do not define, or `None` for the standard ones,
/// Sitemap, which every major crawler reads, and the usage preferences, whose own rules
/// (category `ai`) judge them.
fn who_honours(directive: Directive) -> Option<&'static str> {
    Some(match directive {
        Directive::UserAgent | Directive::Allow | Directive::Disallow | Directive::Sitemap => return None,
        Directive::ContentSignal | Directive::ContentUsage => return None,
        Directive::CrawlDelay => {
            "Bing and some other crawlers wait this many seconds between fetches; Google ignores it, and Yandex has \
             since 2018"
        }
        Directive::Host => {
            "only Yandex read it, to pick a site's main mirror, and Yandex dropped it in 2018 in favour of redirects; \
             every other robot ignores it"
        }
        Directive::CleanParam => {
            "only Yandex reads it (URL parameters to ignore when comparing pages); every other robot ignores it"
        }
        Directive::RequestRate => {
            "only a few crawlers (Seznam's among them) read it; Google, Bing and Yandex ignore it"
        }
        Directive::VisitTime => "only a few crawlers read it; Google, Bing and Yandex ignore it",
        Directive::Noindex => {
            "Google stopped honouring it in September 2019 and no other major robot reads it; use a `noindex` \
             robots meta tag or X-Robots-Tag header on pages robots may crawl"
        }
    })
}
