#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    if let Err(broken) = kursus_fuzz::mongo_frame(input) {
        panic!("{broken}\ninput: {input:?}");
    }
});
