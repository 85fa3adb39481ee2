//! What the run learnt about changes, carried across rounds, levels and
//! sweeps: a change the test refused is presumed refused again wherever it
//! comes back on the same neighbourhood.
//!
//! A semantic test needs nearly all of a program, and delta debugging pays
//! for that again and again: each round, level and sweep re-tests removing
//! (zeroing, skipping) a target that was needed last time, because
//! *something* in the module changed since. Most of those changes are far
//! away: a later sweep that starts because one unused declaration went
//! re-tests every operand of every function. Here the neighbourhood is the
//! *item* the change is confined to (a function, as the front end splits
//! its test bytes: [`crate::FrontEnd::items`]). A candidate whose bytes
//! differ from the current module's in exactly one item, the items around
//! it and everything outside items unchanged, gets a key: the item's text
//! before and after. Once a candidate with a key tested not interesting,
//! another with the same key, however the rest of the module changed, is
//! presumed not interesting without a test.
//!
//! That is a heuristic (another function's change can make this one
//! possible), so the memory only *skips* tests, it never accepts anything:
//! every kept candidate was called interesting by the test itself.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::Mutex;

/// One module's items, as the front end splits its test bytes: each item
/// by its first line (the function's header) with the hash of its text,
/// and the hash of everything outside the items.
#[derive(Debug)]
pub struct ItemIndex {
    items: HashMap<blake3::Hash, blake3::Hash>,
    outside: blake3::Hash,
}

impl ItemIndex {
    /// The index of `bytes` split at `items` (sorted, disjoint ranges);
    /// None when two items share a first line.
    pub fn new(bytes: &[u8], items: &[Range<usize>]) -> Option<ItemIndex> {
        let mut outside = blake3::Hasher::new();
        let mut index = HashMap::with_capacity(items.len());
        let mut at = 0;
        for range in items {
            let text = bytes.get(range.clone())?;
            outside.update(bytes.get(at..range.start)?);
            // Where an item was: moving text across items is a change.
            outside.update(b"\0");
            at = range.end;
            let header = text.split(|&b| b == b'\n').next().unwrap_or(text);
            if index
                .insert(blake3::hash(header), blake3::hash(text))
                .is_some()
            {
                return None;
            }
        }
        outside.update(bytes.get(at..)?);
        Some(ItemIndex {
            items: index,
            outside: outside.finalize(),
        })
    }

    /// The key of the change from `self` (the current module) to
    /// `candidate`: the one item that differs, its text before and after;
    /// None when anything else differs (another item, an item added or
    /// removed, text outside the items) or nothing does.
    pub fn change_key(&self, candidate: &ItemIndex) -> Option<blake3::Hash> {
        if self.outside != candidate.outside || self.items.len() != candidate.items.len() {
            return None;
        }
        let mut changed = None;
        for (header, after) in &candidate.items {
            let before = self.items.get(header)?;
            if before != after {
                if changed.is_some() {
                    return None;
                }
                changed = Some((header, before, after));
            }
        }
        let (header, before, after) = changed?;
        let mut key = blake3::Hasher::new();
        key.update(header.as_bytes());
        key.update(before.as_bytes());
        key.update(after.as_bytes());
        Some(key.finalize())
    }
}

/// The keys of the changes the test refused.
#[derive(Default)]
pub struct Refused(Mutex<HashSet<blake3::Hash>>);

impl Refused {
    pub fn contains(&self, key: &blake3::Hash) -> bool {
        self.0.lock().unwrap().contains(key)
    }

    pub fn insert(&self, key: blake3::Hash) {
        self.0.lock().unwrap().insert(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` split into items at lines starting with "define" up to the
    /// next "}" line (as the LLVM front end does).
    fn index(text: &str) -> ItemIndex {
        let mut items = Vec::new();
        let mut start = None;
        let mut at = 0;
        for line in text.split_inclusive('\n') {
            if line.starts_with("define") {
                start = Some(at);
            }
            at += line.len();
            if line.trim_end() == "}" {
                items.push(start.take().unwrap()..at);
            }
        }
        ItemIndex::new(text.as_bytes(), &items).unwrap()
    }

    const F: &str = "define i32 @f() {\n  %a = add i32 1, 2\n  ret i32 %a\n}\n";
    const F_ZERO: &str = "define i32 @f() {\n  %a = add i32 0, 2\n  ret i32 %a\n}\n";
    const G: &str = "define i32 @g() {\n  ret i32 7\n}\n";
    const G_ZERO: &str = "define i32 @g() {\n  ret i32 0\n}\n";

    #[test]
    fn the_same_change_of_the_same_item_has_the_same_key_whatever_else_changed() {
        let before = index(&format!("@x = global i32 1\n{F}{G}"));
        let key = before.change_key(&index(&format!("@x = global i32 1\n{F_ZERO}{G}")));
        assert!(key.is_some());
        // Later, with the global gone and @g reduced: the same change of @f.
        let later = index(&format!("{F}{G_ZERO}"));
        assert_eq!(later.change_key(&index(&format!("{F_ZERO}{G_ZERO}"))), key);
        // A different change of @f, or the same change of another item, is
        // another key.
        let other = later.change_key(&index(&format!("{F}{G}")));
        assert!(other.is_some() && other != key);
    }

    #[test]
    fn changes_beyond_one_item_have_no_key() {
        let before = index(&format!("@x = global i32 1\n{F}{G}"));
        // Two items.
        assert_eq!(
            before.change_key(&index(&format!("@x = global i32 1\n{F_ZERO}{G_ZERO}"))),
            None
        );
        // An item and the text outside.
        assert_eq!(
            before.change_key(&index(&format!("@x = global i32 0\n{F_ZERO}{G}"))),
            None
        );
        // An item removed.
        assert_eq!(
            before.change_key(&index(&format!("@x = global i32 1\n{F}"))),
            None
        );
        // A header changed (a new signature: its callers may change too).
        let renamed = F_ZERO.replace("@f()", "@f(i32 %p)");
        assert_eq!(
            before.change_key(&index(&format!("@x = global i32 1\n{renamed}{G}"))),
            None
        );
        // Nothing.
        assert_eq!(
            before.change_key(&index(&format!("@x = global i32 1\n{F}{G}"))),
            None
        );
    }
}
