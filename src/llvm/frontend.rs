//! LLVM IR as a reducer front end: snapshots are bitcode, each candidate is
//! built in a fresh context (parsing bitcode is faster than cloning a parsed
//! module, and a fresh context keeps struct type names exactly as they
//! are), the levels are the selected passes.

use std::time::Instant;

use inkwell::module::Module;

use super::{context, ir, parse, serialize, verify, Format};
use crate::passes::{Pass, PassOptions, Targets};
use crate::reducer::{Built, FrontEnd, Request, Snapshot, State, Timings};

pub struct LlvmFrontEnd {
    pub passes: Vec<&'static Pass>,
    pub options: PassOptions,
    /// Format of the files handed to the test.
    pub tmp_format: Format,
    pub output_format: Format,
}

impl LlvmFrontEnd {
    /// The snapshot of a loaded module (named `module_id`).
    pub fn snapshot(module: &Module<'_>, module_id: &str) -> Snapshot {
        Snapshot {
            version: 0,
            bytes: std::sync::Arc::new(serialize(module, Format::Bitcode)),
            module_id: module_id.into(),
        }
    }

    fn targets(&self, module: &Module<'_>, level: usize) -> Vec<u64> {
        let mut counting = Targets::counting();
        (self.passes[level].run)(module, &mut counting, &self.options);
        counting.into_weights()
    }
}

impl FrontEnd for LlvmFrontEnd {
    fn level_count(&self) -> usize {
        self.passes.len()
    }

    fn level_name(&self, level: usize) -> &'static str {
        self.passes[level].name
    }

    fn level_all_first(&self, level: usize) -> bool {
        self.passes[level].all_first
    }

    fn count(&self, snapshot: &Snapshot, level: usize) -> Result<Vec<u64>, String> {
        let context = context();
        let module =
            parse(&context, &snapshot.bytes, &snapshot.module_id).map_err(|e| format!("{e:#}"))?;
        Ok(self.targets(&module, level))
    }

    fn build(
        &self,
        request: &Request<'_>,
        timings: &mut Timings,
        judge: &mut dyn FnMut(&[u8], &mut Timings) -> bool,
    ) -> Built {
        let t = Instant::now();
        let context = context();
        let candidate = match parse(
            &context,
            &request.snapshot.bytes,
            &request.snapshot.module_id,
        ) {
            Ok(m) => m,
            Err(e) => return Built::Unreadable(format!("cannot re-read the module: {e:#}")),
        };
        timings.parse += t.elapsed();

        let t = Instant::now();
        let pass = request.level.map(|l| self.passes[l]);
        if let Some(pass) = pass {
            (pass.run)(
                &candidate,
                &mut Targets::selecting(request.keep),
                &self.options,
            );
        }
        timings.build += t.elapsed();
        if pass.is_some_and(|p| p.must_not_grow)
            && ir::instruction_count(&candidate) > request.current_size
        {
            return Built::Grew;
        }

        let t = Instant::now();
        let verified = verify(&candidate);
        timings.verify += t.elapsed();
        if let Err(message) = verified {
            return Built::Invalid(message);
        }

        let t = Instant::now();
        let bytes = serialize(&candidate, self.tmp_format);
        timings.serialize += t.elapsed();
        if !judge(&bytes, timings) {
            return Built::Judged(None);
        }

        let t = Instant::now();
        let state_bytes = serialize(&candidate, Format::Bitcode);
        let output = if self.output_format == self.tmp_format {
            bytes
        } else {
            serialize(&candidate, self.output_format)
        };
        timings.serialize += t.elapsed();
        Built::Judged(Some(State {
            bytes: state_bytes,
            module_id: candidate.get_name().to_string_lossy().into_owned(),
            output,
            targets: request
                .level
                .map_or(0, |l| self.targets(&candidate, l).len()),
            size: ir::instruction_count(&candidate),
        }))
    }

    fn candidate_extension(&self) -> &'static str {
        self.tmp_format.extension()
    }

    fn size_unit(&self) -> &'static str {
        "instructions"
    }
}
