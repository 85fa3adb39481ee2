//! Stage 5, the reduction of the culprit's input under the smallest
//! pipeline: a whittle reduction (`reduce::prepare`, `Prepared::run`)
//! whose oracle is the smallest pipeline's, and whose control is the same
//! pipeline with the culprit skipped: a candidate is interesting when it
//! fails with the first and not with the second, so the result still pins
//! the culprit. The `ir-passes` level never runs the culprit: it is taken
//! out of that level's pipeline (and the level skipped if nothing is left).
//! A machine-pass culprit's input is MIR: the MIR front end reduces it.

use anyhow::Result;
use whittle_reducer::Stats;

use super::inject::LitScope;
use super::pipeline::Pipeline;
use super::probe::Prober;
use super::smallest::Smallest;
use crate::oracle;
use crate::reduce::{self, Language, Prepared, RunSpec};

/// `pipeline` without the leaves running `pass`; None when nothing is left.
pub fn without_pass(pipeline: &str, pass: &str) -> Option<String> {
    let Ok(p) = Pipeline::parse(pipeline) else {
        return Some(pipeline.to_string());
    };
    let drop = p.positions_of(pass);
    let kept = p.keep(&|i| !drop.contains(&i));
    (!kept.is_empty()).then(|| kept.render())
}

/// The reduction's run: the user's settings, the smallest pipeline's
/// oracle and control, on its module.
pub fn spec(
    base: &RunSpec,
    prober: &Prober,
    smallest: &Smallest,
    culprit: Option<&str>,
) -> RunSpec {
    let site = &prober.site;
    let mut spec = base.clone();
    spec.input = smallest.module.clone();
    // A machine pass's input is MIR, reduced by the MIR front end.
    if smallest.mir {
        spec.language = Language::Mir;
    }
    spec.oracle = site.spec(&smallest.invocation, LitScope::Line, false);
    spec.control = smallest
        .skip
        .as_ref()
        .map(|skip| site.spec(skip, LitScope::Line, false));
    spec.emit_lit = None;
    spec.llvm.options.defined_values_only = matches!(spec.oracle, oracle::Spec::Mr(_));
    if let Some(pass) = culprit {
        match without_pass(&spec.llvm.options.ir_passes, pass) {
            Some(pipeline) => spec.llvm.options.ir_passes = pipeline,
            None => {
                let skip = spec.skip_passes.take();
                spec.skip_passes = Some(match skip {
                    Some(s) => format!("{s},ir-passes"),
                    None => "ir-passes".into(),
                });
            }
        }
    }
    spec
}

/// Prepare and run the reduction.
pub fn reduce(spec: RunSpec) -> Result<(Prepared, Stats)> {
    let mut prepared = reduce::prepare(spec)?;
    let stats = prepared.run()?;
    Ok((prepared, stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_culprit_leaves_the_ir_passes_pipeline() {
        let default =
            "function(sroa,instcombine<no-verify-fixpoint>,gvn,simplifycfg,infer-address-spaces)";
        assert_eq!(
            without_pass(default, "instcombine").as_deref(),
            Some("function(sroa,gvn,simplifycfg,infer-address-spaces)")
        );
        assert_eq!(without_pass(default, "wt-crash").as_deref(), Some(default));
        assert_eq!(without_pass("function(gvn)", "gvn"), None);
    }
}
