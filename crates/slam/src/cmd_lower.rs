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
}

pub fn run(args: Args) -> u8 {
    let opts = cfront::Options {
        includes: args.include.clone(),
        defines: args.define.clone(),
        data_model: if args.ilp32 {
            cfront::DataModel::Ilp32
        } else {
            cfront::DataModel::Lp64
        },
        entry: args.entry.clone(),
        ..Default::default()
    };
    match cfront::lower_files(&args.files, &opts) {
        Ok(p) => {
            let po = cminus::PrintOptions {
                ids: args.ids,
                locs: args.locs,
            };
            print!("{}", cminus::print_program(&p, &po));
            crate::exit::HOLDS
        }
        Err(diags) => {
            for d in diags {
                let src = std::fs::read_to_string(&d.file).ok();
                crate::diag::report(
                    &d.file,
                    src.as_deref(),
                    d.line as usize,
                    d.col as usize,
                    &d.message,
                );
            }
            crate::exit::INPUT
        }
    }
}
