//! `slam lower`: lower C files to C-- and print the program.

use crate::front::FrontArgs;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub front: FrontArgs,
    /// Show statement ids.
    #[arg(long)]
    pub ids: bool,
    /// Show the source location of every statement.
    #[arg(long)]
    pub locs: bool,
    /// Instrument the program with a SLIC rule (preprocessed with the same -I/-D).
    #[arg(long, value_name = "RULE.slic")]
    pub rule: Option<PathBuf>,
}

pub fn run(args: Args) -> u8 {
    let p = match args.front.load() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let p = match &args.rule {
        None => p,
        Some(r) => match instrument(&p, r, &args.front) {
            Ok(p) => p,
            Err(code) => return code,
        },
    };
    let po = cminus::PrintOptions { ids: args.ids, locs: args.locs };
    print!("{}", cminus::print_program(&p, &po));
    crate::exit::HOLDS
}

/// Weave the rule at `path` into `p`, reporting warnings and errors.
fn instrument(p: &cminus::Program, path: &std::path::Path, args: &FrontArgs) -> Result<cminus::Program, u8> {
    let pp = slic::PpOptions { includes: args.include.clone(), defines: args.define.clone(), ..Default::default() };
    let result = slic::preprocess_and_parse(path, &pp).and_then(|rule| slic::instrument(p, &rule));
    match result {
        Ok(out) => {
            for w in &out.warnings {
                eprintln!("warning: {w}");
            }
            Ok(out.program)
        }
        Err(diags) => {
            crate::front::print_diagnostics(&diags);
            Err(crate::exit::INPUT)
        }
    }
}
