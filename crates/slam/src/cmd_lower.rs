//! `slam lower`: lower C files to C-- and print the program.

use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// C files to lower into one program.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Add a directory to the include path.
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a preprocessor macro (NAME or NAME=VALUE).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// The entry function.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// Use the ILP32 data model (32-bit long and pointers) instead of LP64.
    #[arg(long)]
    pub ilp32: bool,
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
    let opts = cfront::Options {
        includes: args.include.clone(),
        defines: args.define.clone(),
        data_model: if args.ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 },
        entry: args.entry.clone(),
        ..Default::default()
    };
    match cfront::lower_files(&args.files, &opts) {
        Ok(p) => {
            let p = match &args.rule {
                None => p,
                Some(r) => match instrument(&p, r, &args) {
                    Ok(p) => p,
                    Err(code) => return code,
                },
            };
            let po = cminus::PrintOptions { ids: args.ids, locs: args.locs };
            print!("{}", cminus::print_program(&p, &po));
            crate::exit::HOLDS
        }
        Err(diags) => {
            for d in diags {
                let src = std::fs::read_to_string(&d.file).ok();
                crate::diag::report(&d.file, src.as_deref(), d.line as usize, d.col as usize, &d.message);
            }
            crate::exit::INPUT
        }
    }
}

/// Weave the rule at `path` into `p`, reporting warnings and errors.
fn instrument(p: &cminus::Program, path: &std::path::Path, args: &Args) -> Result<cminus::Program, u8> {
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
            for d in diags {
                let src = std::fs::read_to_string(&d.file).ok();
                crate::diag::report(&d.file, src.as_deref(), d.line as usize, d.col as usize, &d.message);
            }
            Err(crate::exit::INPUT)
        }
    }
}
