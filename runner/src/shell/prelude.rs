//! The JavaScript half of the shell: BSON classes, errors, db, collections, cursors.

use boa_engine::{Context, JsResult};

const FILES: [(&str, &str); 6] = [
    ("bson_types.js", include_str!("js/bson_types.js")),
    ("errors.js", include_str!("js/errors.js")),
    ("database.js", include_str!("js/database.js")),
    ("collection.js", include_str!("js/collection.js")),
    ("cursor.js", include_str!("js/cursor.js")),
    ("globals.js", include_str!("js/globals.js")),
];

pub(crate) fn install(ctx: &mut Context) -> JsResult<()> {
    super::natives::install(ctx)?;
    super::limits::install_repeat(ctx)?;
    for (_name, code) in FILES {
        super::compiled::eval(ctx, code)?;
    }
    Ok(())
}
