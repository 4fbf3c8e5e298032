//! A tiny hand-written SVG writer: the book's pictures need rectangles, lines, paths and
//! text only, and drawing them ourselves keeps the build free of Graphviz or any other
//! C tool. Numbers are rounded to whole units so the output is the same on every machine.

/// Font size in user units; the SVG is shown at its natural size (one unit per CSS pixel)
/// and scrolls inside its frame when wider than the page, so text stays this size.
pub const FONT: i32 = 14;
/// The height of one line of text in a box.
pub const LINE: i32 = 22;

/// Estimated width of `text` in the monospace font the pictures use (0.6 em per char).
pub fn text_width(text: &str) -> i32 {
    (text.chars().count() as i32 * FONT * 6 + 9) / 10
}

/// Text safe inside an element or an attribute.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The elements of one picture, written in order.
#[derive(Debug, Default)]
pub struct Canvas {
    /// Prefix of the ids inside this picture, unique on its page.
    id: String,
    parts: Vec<String>,
}

impl Canvas {
    pub fn new(id: &str) -> Canvas {
        Canvas {
            id: id.to_string(),
            parts: Vec::new(),
        }
    }

    /// A rectangle; `class` picks its colours in the book's CSS.
    pub fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, class: &str) {
        self.parts.push(format!(
            "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"4\"/>"
        ));
    }

    /// Text starting at `x` with its baseline at `y`.
    pub fn text(&mut self, x: i32, y: i32, class: &str, text: &str) {
        self.parts.push(format!(
            "<text class=\"{class}\" x=\"{x}\" y=\"{y}\">{}</text>",
            escape(text)
        ));
    }

    /// Text ending at `x` (right-aligned).
    pub fn text_end(&mut self, x: i32, y: i32, class: &str, text: &str) {
        self.parts.push(format!(
            "<text class=\"{class}\" x=\"{x}\" y=\"{y}\" text-anchor=\"end\">{}</text>",
            escape(text)
        ));
    }

    pub fn line(&mut self, from: (i32, i32), to: (i32, i32), class: &str) {
        self.parts.push(format!(
            "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            from.0, from.1, to.0, to.1
        ));
    }

    /// A straight lead from `start` (where the arrow's label sits), then a cubic curve
    /// ending in an arrowhead.
    pub fn arrow(&mut self, start: (i32, i32), curve: [(i32, i32); 4], class: &str) {
        let [a, b, c, d] = curve;
        self.parts.push(format!(
            "<path class=\"{class}\" d=\"M{} {} L{} {} C{} {} {} {} {} {}\" marker-end=\"url(#{}-panah)\"/>",
            start.0, start.1, a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1, self.id
        ));
    }

    /// A polyline (a bracket beside a run of rows).
    pub fn polyline(&mut self, points: &[(i32, i32)], class: &str) {
        let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        self.parts.push(format!(
            "<polyline class=\"{class}\" points=\"{}\"/>",
            list.join(" ")
        ));
    }

    /// The whole `<svg>`, its title and description announced by screen readers.
    pub fn finish(self, size: (i32, i32), title: &str, desc: &str) -> String {
        let (w, h) = size;
        let id = &self.id;
        let head = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"kursus-svg\" role=\"img\" \
             width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             aria-labelledby=\"{id}-judul {id}-desk\">"
        );
        let marker = format!(
            "<defs><marker id=\"{id}-panah\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
             markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\">\
             <path d=\"M0 0 L10 5 L0 10 z\" fill=\"currentColor\"/></marker></defs>"
        );
        let mut out = vec![
            head,
            format!("<title id=\"{id}-judul\">{}</title>", escape(title)),
            format!("<desc id=\"{id}-desk\">{}</desc>", escape(desc)),
            marker,
        ];
        out.extend(self.parts);
        out.push("</svg>".to_string());
        out.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        let mut c = Canvas::new("x");
        c.text(0, 0, "t", "a<b & \"c\"");
        let svg = c.finish((10, 10), "<t>", "d");
        assert!(svg.contains(">a&lt;b &amp; &quot;c&quot;</text>"));
        assert!(svg.contains("<title id=\"x-judul\">&lt;t&gt;</title>"));
    }
}
