//! [`Led`]: a policy whose streams begin with removals of a search of its
//! own ([`Lead`]: remove everything, bisect for one target, replay an
//! earlier run) before an inner policy's stream, and the bookkeeping every
//! such search shares: the stream is the lead's removals, then the inner
//! policy's, each assuming every earlier one failed; an accepted leading
//! removal is the lead's to learn from, anything else the inner policy's,
//! at its position in the inner stream.

use super::{Accepted, Config, Delta, Policy, Proposal, Unit};

/// A search that leads each stream of a [`Led`] policy.
pub trait Lead<U: Unit> {
    /// The removals to try first on `config`, each assuming every earlier
    /// one failed; none once the search is over. None may be empty.
    fn lead(&mut self, config: &Config<U>) -> Vec<Delta<U>>;

    /// The leading removal at `position` of the last stream was accepted.
    fn accepted(&mut self, _position: usize) {}

    /// None of the `leading` removals of the last stream was accepted.
    fn failed(&mut self, _leading: usize) {}
}

/// Searches with `lead` first, then with `inner`, stream by stream.
#[derive(Debug)]
pub struct Led<L, P> {
    lead: L,
    inner: P,
    /// Removals the current stream made before the inner policy's.
    leading: usize,
}

impl<L, P> Led<L, P> {
    pub(crate) fn with(lead: L, inner: P) -> Self {
        Led {
            lead,
            inner,
            leading: 0,
        }
    }

    /// The leading search (its own tests look into it).
    #[cfg(test)]
    pub(crate) fn lead(&self) -> &L {
        &self.lead
    }

    /// Start a stream on `config`: the lead's removals.
    fn start<U: Unit>(&mut self, config: &Config<U>) -> Vec<Delta<U>>
    where
        L: Lead<U>,
    {
        let removals = self.lead.lead(config);
        debug_assert!(removals.iter().all(|r| !r.is_empty()));
        self.leading = removals.len();
        removals
    }
}

impl<U: Unit, L: Lead<U>, P: Policy<U>> Policy<U> for Led<L, P> {
    fn propose<'a>(&'a mut self, config: &'a Config<U>) -> Box<dyn Iterator<Item = Delta<U>> + 'a> {
        let removals = self.start(config);
        Box::new(removals.into_iter().chain(self.inner.propose(config)))
    }

    fn propose_ahead<'a>(
        &'a mut self,
        config: &'a Config<U>,
    ) -> Box<dyn Iterator<Item = Proposal<U>> + 'a> {
        // The lead's removals have no follow-up (what it tries next depends
        // on which passes); once the inner stream starts, its follow-ups
        // hold.
        let removals = self.start(config).into_iter().map(Proposal::plain);
        Box::new(removals.chain(self.inner.propose_ahead(config)))
    }

    fn on_reduced(&mut self, accepted: Option<Accepted<'_, U>>) -> bool {
        let leading = self.leading;
        match accepted {
            Some(a) if a.position < leading => {
                self.lead.accepted(a.position);
                true
            }
            other => {
                if leading > 0 {
                    self.lead.failed(leading);
                }
                self.inner.on_reduced(other.map(|a| Accepted {
                    position: a.position - leading,
                    config: a.config,
                }))
            }
        }
    }
}
