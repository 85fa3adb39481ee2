//! Splitting a configuration into chunks: by count (ddmin) or by weight (WDD).
//!
//! Both keep the units in order and make contiguous chunks, so a split at
//! granularity 2n refines the split at n, and both fall back to singletons
//! at the finest granularity, which is what makes the result 1-minimal.

/// Split `items` into at most `n` contiguous chunks of roughly equal count.
pub fn partition<U: Copy>(items: &[U], n: usize) -> Vec<Vec<U>> {
    if n == 0 || items.is_empty() {
        return Vec::new();
    }
    let size = items.len().div_ceil(n);
    items.chunks(size).map(<[U]>::to_vec).collect()
}

/// Split `items` into at most `n` contiguous chunks of roughly equal total
/// weight. A chunk is closed as soon as adding the next unit would take it
/// further from the target share than it already is; at `n >= len` every unit
/// is its own chunk.
pub fn weighted_partition<U: Copy>(
    items: &[U],
    n: usize,
    weight: impl Fn(U) -> u64,
) -> Vec<Vec<U>> {
    if n == 0 || items.is_empty() {
        return Vec::new();
    }
    if n >= items.len() {
        return items.iter().map(|&u| vec![u]).collect();
    }
    let total: u64 = items.iter().map(|&u| weight(u)).sum();
    let share = total as f64 / n as f64;
    let mut chunks = Vec::with_capacity(n);
    let mut current = Vec::new();
    let mut acc = 0u64;
    for &u in items {
        let w = weight(u);
        let closer_without = (acc as f64 - share).abs() <= (acc as f64 + w as f64 - share).abs();
        if !current.is_empty() && chunks.len() < n - 1 && closer_without {
            chunks.push(std::mem::take(&mut current));
            acc = 0;
        }
        current.push(u);
        acc += w;
    }
    chunks.push(current);
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_partition_is_contiguous_and_balanced() {
        let items: Vec<u32> = (0..7).collect();
        assert_eq!(partition(&items, 2), vec![vec![0, 1, 2, 3], vec![4, 5, 6]]);
        assert_eq!(partition(&items, 7).len(), 7);
        assert_eq!(partition(&items, 100).len(), 7);
        assert!(partition::<u32>(&[], 3).is_empty());
    }

    #[test]
    fn weighted_partition_isolates_the_heavy_unit() {
        // One heavy unit and six light ones, as in the WDD chapter's demo.
        let items: Vec<u32> = (0..7).collect();
        let w = |u: u32| if u == 0 { 9 } else { 1 };
        assert_eq!(
            weighted_partition(&items, 2, w),
            vec![vec![0], vec![1, 2, 3, 4, 5, 6]]
        );
        // Count partition bundles it with three light units instead.
        assert_eq!(partition(&items, 2)[0], vec![0, 1, 2, 3]);
    }

    #[test]
    fn weighted_partition_never_exceeds_n_chunks_and_keeps_every_unit() {
        let items: Vec<u32> = (0..50).collect();
        for n in 1..60 {
            let chunks = weighted_partition(&items, n, |u| u64::from(u % 7 + 1));
            assert!(chunks.len() <= n.max(1));
            let flat: Vec<u32> = chunks.concat();
            assert_eq!(flat, items);
            assert!(chunks.iter().all(|c| !c.is_empty()));
        }
    }
}
