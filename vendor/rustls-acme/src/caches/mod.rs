mod boxed;
mod composite;
mod dir;
mod no;
mod test;

pub use boxed::*;
pub use composite::*;
pub use dir::*;
pub use no::*;
pub use test::*;
