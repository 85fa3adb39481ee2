//! What the run learnt about changes, carried across rounds, levels and
//! sweeps: a change the test refused is presumed refused again wherever it
//! comes back on the same neighbourhood.
//!
//! A semantic test needs nearly all of a program, and delta debugging pays
//! for that again and again: each round, level and sweep re-tests removing
//! (zeroing, skipping) a target that was needed last time, because
//! *something* in the module changed since. Most of those changes are far
//! away: a later sweep that starts because one unused declaration went
//! re-tests every operand of every function. A candidate whose bytes differ
//! from the current module's in exactly one *item* (a function, as the
//! front end splits its test bytes: [`crate::FrontEnd::items`]), the other
//! items and everything outside them unchanged, gets a key: the item's
//! header and the changed lines with a little context, before and after.
//! Once a candidate with a key tested not interesting, another with the
//! same key, however the module changed elsewhere (in that function too,
//! away from those lines), is presumed not interesting without a test.
//!
//! That is a heuristic (another function's change can make this one
//! possible), so the memory only *skips* tests, it never accepts anything:
//! every kept candidate was called interesting by the test itself.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::Mutex;

/// Lines of context on each side of a change that make its neighbourhood.
const CONTEXT_LINES: usize = 2;

/// One module's items, as the front end splits its test bytes: each item
/// by its first line (the function's header) with the hash of its text and
/// where it is, and the hash of everything outside the items. It holds no
/// text: a candidate's is only read while its bytes are at hand.
#[derive(Debug)]
pub struct ItemIndex {
    items: HashMap<blake3::Hash, (blake3::Hash, Range<usize>)>,
    outside: blake3::Hash,
}

/// The current module's items and its test bytes, the side of a change
/// the memory compares candidates with (kept only for modules accepted).
#[derive(Debug)]
pub struct IndexedModule {
    pub index: ItemIndex,
    pub text: Vec<u8>,
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
                .insert(blake3::hash(header), (blake3::hash(text), range.clone()))
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
}

impl IndexedModule {
    /// The key of the change from `self` (the current module) to
    /// `candidate` (whose test bytes are `candidate_text`), when it changes one item and nothing else (no other
    /// item, none added or removed, no text outside the items; its header
    /// may change): the item's header (both, when it changed) and the
    /// changed lines of its body with [`CONTEXT_LINES`] around them,
    /// before and after, local value numbers renamed by order of appearance
    /// in the window (a removal earlier in the function renumbers them all),
    /// each of the candidate's numbers taken as the value of the current
    /// module that the unchanged lines pair it with.
    pub fn change_key(&self, candidate: &ItemIndex, candidate_text: &[u8]) -> Option<blake3::Hash> {
        let current = &self.index;
        if current.outside != candidate.outside || current.items.len() != candidate.items.len() {
            return None;
        }
        let mut changed = None;
        let mut new_header = None;
        for (header, (after, in_candidate)) in &candidate.items {
            match current.items.get(header) {
                Some((before, _)) if before == after => {}
                Some((_, in_current)) if changed.is_none() => {
                    changed = Some((in_current.clone(), in_candidate.clone()));
                }
                None if new_header.is_none() => new_header = Some(in_candidate.clone()),
                _ => return None,
            }
        }
        let (in_current, in_candidate, header_changed) = match (changed, new_header) {
            (Some((in_current, in_candidate)), None) => (in_current, in_candidate, false),
            // A function whose header changed (a parameter added, a return
            // type), and nothing else: the one item of the current module
            // whose header the candidate lacks is the same item.
            (None, Some(in_candidate)) => {
                let (_, (_, in_current)) = current
                    .items
                    .iter()
                    .find(|(header, _)| !candidate.items.contains_key(*header))?;
                (in_current.clone(), in_candidate, true)
            }
            _ => return None,
        };
        let before = lines(&self.text[in_current]);
        let after = lines(candidate_text.get(in_candidate)?);
        let mut key = blake3::Hasher::new();
        key.update(before[0]);
        // Both headers go into the key and the bodies are compared alone:
        // a new parameter renumbers every value of the body, which is no
        // change of its lines.
        let (before, after) = if header_changed {
            key.update(b"\x03");
            key.update(after[0]);
            (&before[1..], &after[1..])
        } else {
            (&before[..], &after[..])
        };
        // The lines around the change that are the same, up to the
        // numbering of local values: a removal renumbers every value after
        // it (and, in MLIR, the values of nested regions printed before
        // it), which is no change of those lines. Above the change two
        // lines are the same when their values are numbered alike by
        // order of first appearance from the top; below it, from the
        // bottom.
        let (down_before, down_after) = (numbered(before, false), numbered(after, false));
        let (up_before, up_after) = (numbered(before, true), numbered(after, true));
        let same_above = |i: usize, renumbered: bool| {
            before[i] == after[i] || (renumbered && down_before[i] == down_after[i])
        };
        let same_below = |i: usize, j: usize, renumbered: bool| {
            before[i] == after[j] || (renumbered && up_before[i] == up_after[j])
        };
        let bounds = |renumbered: bool| {
            let prefix = (0..before.len().min(after.len()))
                .take_while(|&i| same_above(i, renumbered))
                .count();
            let most = before.len().min(after.len()) - prefix;
            let suffix = (1..=most)
                .take_while(|&k| same_below(before.len() - k, after.len() - k, renumbered))
                .count();
            (prefix, suffix)
        };
        // A change that is only a renumbering (an operand that now names
        // another value first used there) is a change of its lines.
        let (prefix, suffix) = match bounds(true) {
            (p, s) if before.len() == after.len() && p + s == before.len() => bounds(false),
            found => found,
        };
        let window = |side: usize| {
            prefix.saturating_sub(CONTEXT_LINES)..(side - suffix + CONTEXT_LINES).min(side)
        };
        // The value of the current module each number of the candidate
        // names, as the lines the same up to numbering pair them: a number
        // alone is no identity (in MLIR, removing an operation renumbers
        // the nested regions printed before it, and a shifted number may
        // be one the current module gives another value).
        let mut pairs = HashMap::new();
        let above = (0..prefix).map(|i| (before[i], after[i]));
        let below = (1..=suffix).map(|k| (before[before.len() - k], after[after.len() - k]));
        for (was, is) in above.chain(below) {
            for (b, a) in numbers(was).into_iter().zip(numbers(is)) {
                pairs.entry(a).or_insert(b);
            }
        }
        let before = &before[window(before.len())];
        let after = &after[window(after.len())];
        // Local value numbers by order of appearance in the window (the same
        // renaming on both sides, the candidate's numbers taken as the
        // values they pair with): a removal anywhere above shifts them.
        // Numbers of the candidate that pair with none are new names.
        let mut names = HashMap::new();
        let mut new_names = HashMap::new();
        key.update(b"\x01");
        for line in before {
            key.update(&renamed(line, &mut names));
            key.update(b"\n");
        }
        key.update(b"\x02");
        for line in after {
            let renamed = renamed_with(line, |n| match pairs.get(&n) {
                Some(was) => name_of(*was, &mut names),
                None => format!("new{}", name_in(n, &mut new_names)),
            });
            key.update(&renamed);
            key.update(b"\n");
        }
        Some(key.finalize())
    }
}

fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| b == b'\n').collect()
}

/// Each of `lines` with its local value numbers renamed by order of first
/// appearance, counted from the first line, or from the last with
/// `from_bottom` (the lines stay in their order).
fn numbered(lines: &[&[u8]], from_bottom: bool) -> Vec<Vec<u8>> {
    let mut names = HashMap::new();
    let mut out: Vec<Vec<u8>> = if from_bottom {
        lines.iter().rev().map(|l| renamed(l, &mut names)).collect()
    } else {
        lines.iter().map(|l| renamed(l, &mut names)).collect()
    };
    if from_bottom {
        out.reverse();
    }
    out
}

/// `line` with each local value number (`%12`, and an LLVM block's
/// number where its label line begins, `12:`) replaced by its order of
/// first appearance in `names`.
fn renamed(line: &[u8], names: &mut HashMap<u64, usize>) -> Vec<u8> {
    renamed_with(line, |n| name_of(n, names))
}

/// The local value numbers of `line`, in order.
fn numbers(line: &[u8]) -> Vec<u64> {
    let mut found = Vec::new();
    renamed_with(line, |n| {
        found.push(n);
        String::new()
    });
    found
}

/// `n`'s name by order of first appearance in `names`.
fn name_of(n: u64, names: &mut HashMap<u64, usize>) -> String {
    format!("v{}", name_in(n, names))
}

fn name_in(n: u64, names: &mut HashMap<u64, usize>) -> usize {
    let next = names.len();
    *names.entry(n).or_insert(next)
}

/// `line` with each local value number (`%12`, and an LLVM block's
/// number where its label line begins, `12:`) replaced by what `name`
/// makes of it.
fn renamed_with(line: &[u8], mut name: impl FnMut(u64) -> String) -> Vec<u8> {
    let mut out = Vec::with_capacity(line.len());
    // The number whose digits start at `at`, written to `out` as named;
    // how many bytes it took (0: none there).
    let mut rename_at = |at: usize, out: &mut Vec<u8>| -> usize {
        let digits = line[at..].iter().take_while(|d| d.is_ascii_digit()).count();
        let number = std::str::from_utf8(&line[at..at + digits])
            .ok()
            .and_then(|n| n.parse::<u64>().ok());
        let Some(n) = number else {
            return 0;
        };
        out.extend_from_slice(name(n).as_bytes());
        digits
    };
    let label = line.iter().take_while(|d| d.is_ascii_digit()).count();
    let mut i = if line.get(label) == Some(&b':') {
        rename_at(0, &mut out)
    } else {
        0
    };
    while i < line.len() {
        out.push(line[i]);
        i += 1;
        if line[i - 1] == b'%' {
            i += rename_at(i, &mut out);
        }
    }
    out
}

/// The byte ranges of a printed module's items for
/// [`crate::FrontEnd::items`]: each from a line `opens` says starts one
/// (while none is open) to the next line `closes` says ends it, both
/// included.
pub fn items_between_lines(
    text: &[u8],
    opens: impl Fn(&[u8]) -> bool,
    closes: impl Fn(&[u8]) -> bool,
) -> Vec<Range<usize>> {
    let mut items = Vec::new();
    let (mut start, mut at) = (None, 0);
    for line in text.split_inclusive(|&b| b == b'\n') {
        if start.is_none() && opens(line) {
            start = Some(at);
        }
        at += line.len();
        if closes(line) {
            if let Some(start) = start.take() {
                items.push(start..at);
            }
        }
    }
    items
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

    /// `text`'s items as the LLVM front end splits them: from a `define`
    /// line to the next `}` line.
    fn index(text: &str) -> ItemIndex {
        let items = items_between_lines(
            text.as_bytes(),
            |line| line.starts_with(b"define"),
            |line| line.trim_ascii_end() == b"}",
        );
        ItemIndex::new(text.as_bytes(), &items).unwrap()
    }

    /// The key of the change from `current` to `candidate`.
    fn key(current: &str, candidate: &str) -> Option<blake3::Hash> {
        let current = IndexedModule {
            index: index(current),
            text: current.as_bytes().to_vec(),
        };
        current.change_key(&index(candidate), candidate.as_bytes())
    }

    const F: &str = "define i32 @f() {\n  %a = add i32 1, 2\n  ret i32 %a\n}\n";
    const F_ZERO: &str = "define i32 @f() {\n  %a = add i32 0, 2\n  ret i32 %a\n}\n";
    const G: &str = "define i32 @g() {\n  ret i32 7\n}\n";
    const G_ZERO: &str = "define i32 @g() {\n  ret i32 0\n}\n";

    #[test]
    fn the_same_change_of_the_same_item_has_the_same_key_whatever_else_changed() {
        let first = key(
            &format!("@x = global i32 1\n{F}{G}"),
            &format!("@x = global i32 1\n{F_ZERO}{G}"),
        );
        assert!(first.is_some());
        // Later, with the global gone and @g reduced: the same change of @f.
        let later = format!("{F}{G_ZERO}");
        assert_eq!(key(&later, &format!("{F_ZERO}{G_ZERO}")), first);
        // A different change of @f, or the same change of another item, is
        // another key.
        let other = key(&later, &format!("{F}{G}"));
        assert!(other.is_some() && other != first);
    }

    /// What [`chain`] does to its last add.
    #[derive(Clone, Copy, PartialEq)]
    enum Last {
        Kept,
        Zeroed,
        NewParameter,
    }

    /// A function of `n` chained adds, the first `skip` of them removed
    /// (the rest renumbered); the last add's constant kept, zeroed, or
    /// replaced by a new parameter `%1` (which renumbers every value).
    fn chain(n: usize, skip: usize, last: Last) -> String {
        let (params, first) = match last {
            Last::NewParameter => ("i32 %0, i32 %1", 2),
            _ => ("i32 %0", 1),
        };
        let mut f = format!("define i32 @h({params}) {{\n  %{first} = alloca i32\n");
        let (mut value, mut next) = ("%0".to_string(), first + 1);
        for k in skip..n {
            let operand = match last {
                Last::Zeroed if k == n - 1 => "0".to_string(),
                Last::NewParameter if k == n - 1 => "%1".to_string(),
                _ => (k + 1).to_string(),
            };
            f.push_str(&format!("  %{next} = add i32 {value}, {operand}\n"));
            f.push_str(&format!("  store i32 %{next}, ptr %{first}\n"));
            value = format!("%{next}");
            next += 1;
        }
        f.push_str(&format!("  ret i32 {value}\n}}\n"));
        f
    }

    #[test]
    fn the_neighbourhood_is_the_changed_lines_and_their_context_whatever_the_numbering() {
        let zeroed = |skip| key(&chain(8, skip, Last::Kept), &chain(8, skip, Last::Zeroed));
        let first = zeroed(0);
        assert!(first.is_some());
        // Two adds far above were removed since: the same edit, renumbered.
        assert_eq!(zeroed(2), first);
        // The add above it is gone (the alloca is above it now): another
        // neighbourhood.
        assert_ne!(zeroed(7), first);
    }

    /// A function of chained adds `k + 1` for `k` in `0..n` except
    /// `removed`, numbered in order, each used by the next, with blocks
    /// between them.
    fn chain_without(n: usize, removed: &[usize]) -> String {
        let mut f = String::from("define i32 @h(i32 %0) {\n  br label %1\n\n1:\n");
        let mut value = 0;
        let mut next = 2;
        for k in (0..n).filter(|k| !removed.contains(k)) {
            f.push_str(&format!("  %{next} = add i32 %{value}, {}\n", k + 1));
            f.push_str(&format!("  br label %{}\n\n{}:\n", next + 1, next + 1));
            value = next;
            next += 2;
        }
        f.push_str(&format!("  ret i32 %{value}\n}}\n"));
        f
    }

    #[test]
    fn values_renumbered_below_a_change_are_not_part_of_it() {
        // Removing the add of 4 renumbers every value and block after it;
        // the same removal on a module whose add of 9, far below, went
        // before is the same change.
        let removing = |gone: &[usize]| {
            let mut with = gone.to_vec();
            with.push(3);
            key(&chain_without(10, gone), &chain_without(10, &with))
        };
        let first = removing(&[]);
        assert!(first.is_some());
        assert_eq!(removing(&[8]), first);
        // A change next to it is another neighbourhood.
        assert_ne!(removing(&[4]), first);
        // An edit that only renames (an operand that now names a value
        // first used there, as a forward reference may) is a change of its
        // own lines, not of none: two such edits in different places are
        // different changes.
        let at = |line: usize| {
            let mut f = String::from("define i32 @s(i32 %0) {\n");
            for k in 0..6 {
                let operand = if k == line {
                    "%1".to_string()
                } else {
                    k.to_string()
                };
                f.push_str(&format!("  %{} = add i32 %0, {operand}\n", k + 3));
            }
            f.push_str("  ret i32 %0\n}\n");
            key(&f, &f.replace("%1\n", "%2\n"))
        };
        assert!(at(0).is_some());
        assert_ne!(at(0), at(2));
        // The changed lines themselves still count, numbers and all: the
        // add of 5 is another change.
        let other = key(&chain_without(10, &[]), &chain_without(10, &[4]));
        assert!(other.is_some() && other != first);
    }

    /// An MLIR-like function: two operations with regions and a use of the
    /// second, whose nested values are numbered after the top-level ones;
    /// the first region holds `inner` operations.
    fn regions(inner: usize, second: bool) -> String {
        let top = if second { 4 } else { 3 };
        let mut f = String::from("define void @m() {\n  %0 = op.top\n  %1 = op.region {\n");
        for k in 0..inner {
            let operand = if k == 0 {
                String::new()
            } else {
                format!(" %{}", top + k - 1)
            };
            f.push_str(&format!("    %{} = op.inner{operand}\n", top + k));
        }
        f.push_str(&format!("    op.yield %{}\n  }}\n", top + inner - 1));
        if second {
            f.push_str(&format!(
                "  %2 = op.region %1 {{\n    %{top} = op.leaf\n    op.yield %{top}\n  }}\n"
            ));
            f.push_str("  %3 = op.use %2\n  op.return %3\n}\n");
        } else {
            f.push_str("  %2 = op.use %1\n  op.return %2\n}\n");
        }
        f
    }

    #[test]
    fn a_number_that_shifted_onto_another_values_is_not_that_value() {
        // Removing the second region renumbers the first region's values
        // (they come after the top-level ones): in the candidate, the
        // yield's value has the number the removed region's leaf had. With
        // one inner operation fewer far above, the same removal is the
        // same change.
        let removing = |inner| key(&regions(inner, true), &regions(inner, false));
        let first = removing(3);
        assert!(first.is_some());
        assert_eq!(removing(2), first);
        // Yielding another value is another change.
        let other = key(
            &regions(3, true),
            &regions(3, false).replace("op.yield %5", "op.yield %4"),
        );
        assert!(other.is_some() && other != first);
    }

    #[test]
    fn a_change_of_the_header_with_its_body_is_keyed_by_both_headers_and_the_lines() {
        // operands-to-args: a new parameter replaces the last add's
        // constant, renumbering the whole body.
        let to_parameter = |skip| {
            key(
                &chain(8, skip, Last::Kept),
                &chain(8, skip, Last::NewParameter),
            )
        };
        let first = to_parameter(0);
        assert!(first.is_some());
        // Two adds far above were removed since: the same change.
        assert_eq!(to_parameter(2), first);
        // The add above it is gone: another neighbourhood.
        assert_ne!(to_parameter(7), first);
        // The same body change with another header is another change.
        let other = key(
            &chain(8, 0, Last::Kept),
            &chain(8, 0, Last::NewParameter).replace("i32 %1)", "i64 %1)"),
        );
        assert!(other.is_some() && other != first);
    }

    #[test]
    fn changes_beyond_one_item_have_no_key() {
        let before = format!("@x = global i32 1\n{F}{G}");
        // Two items.
        let both = format!("@x = global i32 1\n{F_ZERO}{G_ZERO}");
        assert_eq!(key(&before, &both), None);
        // An item and the text outside.
        let outside = format!("@x = global i32 0\n{F_ZERO}{G}");
        assert_eq!(key(&before, &outside), None);
        // An item removed.
        assert_eq!(key(&before, &format!("@x = global i32 1\n{F}")), None);
        // A header changed and another item (a new signature and a caller).
        let renamed = F_ZERO.replace("@f()", "@f(i32 %p)");
        let signature = format!("@x = global i32 1\n{renamed}{G_ZERO}");
        assert_eq!(key(&before, &signature), None);
        // Nothing.
        assert_eq!(key(&before, &before), None);
    }
}
