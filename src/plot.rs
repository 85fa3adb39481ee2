//! `--plot FILE.svg`: a picture of where a run's oracle calls went, drawn
//! from the timeline in its stats (plotters, SVG backend). Two panels share
//! the size axis (logarithmic): size against oracle calls, and size against
//! time. Each step of the line is coloured by the pass whose candidate was
//! tested; failed tests are hollow marks on the line (crosses for tests
//! killed by `--timeout`), so a pass that spent many calls for nothing shows
//! as a long flat run of marks in its colour. Dashed lines mark the sweeps.

use std::path::Path;

use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use whittle_reducer::{Event, Stats};

const WIDTH: u32 = 1300;
const HEIGHT: u32 = 900;
/// The column on the right that names the passes.
const LEGEND_WIDTH: u32 = 200;

/// Strong colours, distinguishable on white (the pale ones of plotters'
/// palettes would hide a pass); enough for a default LLVM run (about 20
/// passes that test something), then they repeat.
const COLOURS: &[(u8, u8, u8)] = &[
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
    (0, 0, 128),
    (128, 0, 0),
    (0, 100, 0),
    (255, 0, 255),
    (0, 0, 0),
    (210, 105, 30),
    (70, 130, 180),
    (154, 205, 50),
    (0, 128, 128),
    (128, 0, 128),
    (128, 128, 0),
    (218, 165, 32),
    (75, 0, 130),
    (47, 79, 79),
    (250, 128, 114),
];

/// The colour of the `index`-th pass to appear.
fn colour(index: usize) -> RGBColor {
    let (r, g, b) = COLOURS[index % COLOURS.len()];
    RGBColor(r, g, b)
}

/// Which axis a panel plots the size against.
#[derive(Clone, Copy)]
enum Along {
    Calls,
    Seconds,
}

impl Along {
    fn of(self, e: &Event) -> f64 {
        match self {
            Along::Calls => e.call as f64,
            Along::Seconds => e.t_s,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Along::Calls => "oracle calls",
            Along::Seconds => "seconds",
        }
    }
}

/// Draw `stats`' timeline to `path` (an SVG file); `title` names the run.
pub fn write(path: &Path, stats: &Stats, title: &str) -> Result<()> {
    let timeline = &stats.timeline;
    if timeline.is_empty() {
        return Err(anyhow!(
            "--plot: the run made no oracle call, there is nothing to draw"
        ));
    }
    let mut passes: Vec<&'static str> = Vec::new();
    for e in timeline {
        if !passes.contains(&e.pass) {
            passes.push(e.pass);
        }
    }
    let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
    let draw = || -> Result<(), Box<dyn std::error::Error>> {
        root.fill(&WHITE)?;
        let unit = if stats.unit.is_empty() {
            "instructions"
        } else {
            stats.unit
        };
        let caption = format!(
            "{title}: {unit} {} -> {} in {} oracle calls, {:.1} s, {} sweep{}",
            stats.instructions_before,
            stats.instructions_after,
            stats.tests,
            stats.wall_time_s,
            stats.sweeps,
            if stats.sweeps == 1 { "" } else { "s" }
        );
        let titled = root.titled(&caption, ("sans-serif", 20))?;
        let (charts, legend) = titled.split_horizontally(WIDTH - LEGEND_WIDTH);
        let panels = charts.split_evenly((2, 1));
        for (panel, along) in panels.iter().zip([Along::Calls, Along::Seconds]) {
            panel_of(panel, timeline, &passes, along, unit)?;
        }
        legend_of(&legend, &passes)?;
        root.present()?;
        Ok(())
    };
    draw().map_err(|e| anyhow!("--plot: cannot write '{}': {e}", path.display()))
}

fn panel_of(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    timeline: &[Event],
    passes: &[&'static str],
    along: Along,
    unit: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let x_max = timeline.iter().map(|e| along.of(e)).fold(1.0, f64::max) * 1.02;
    let size = |e: &Event| (e.size as f64).max(1.0);
    let y_max = timeline.iter().map(size).fold(2.0, f64::max) * 1.5;
    let y_min = timeline.iter().map(size).fold(f64::INFINITY, f64::min) / 1.5;
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..x_max, (y_min..y_max).log_scale())?;
    chart
        .configure_mesh()
        .x_desc(along.label())
        .y_desc(unit)
        .y_labels(12)
        .y_label_formatter(&|v| format!("{v:.0}"))
        .light_line_style(WHITE.mix(0.0))
        .draw()?;

    // Sweep boundaries.
    let mut sweep = 0;
    for e in timeline {
        if e.sweep > sweep {
            sweep = e.sweep;
            if sweep > 1 {
                let x = along.of(e);
                chart.draw_series(DashedLineSeries::new(
                    vec![(x, y_min), (x, y_max)],
                    4,
                    4,
                    BLACK.mix(0.35).stroke_width(1),
                ))?;
                chart.draw_series(std::iter::once(Text::new(
                    format!("sweep {sweep}"),
                    (x, y_max / 1.6),
                    ("sans-serif", 12).into_font().color(&BLACK.mix(0.6)),
                )))?;
            }
        }
    }

    // The size line, one step per event in its pass's colour.
    for (index, &pass) in passes.iter().enumerate() {
        let c = colour(index);
        for pair in timeline.windows(2) {
            let (before, e) = (&pair[0], &pair[1]);
            if e.pass != pass {
                continue;
            }
            let step = vec![
                (along.of(before), size(before)),
                (along.of(e), size(before)),
                (along.of(e), size(e)),
            ];
            chart.draw_series(LineSeries::new(step, c.stroke_width(2)))?;
        }
        // Failed tests: hollow circles, crosses for timeouts.
        let failed = timeline
            .iter()
            .filter(|e| e.pass == pass && e.verdict == "not-interesting");
        chart.draw_series(
            failed.map(|e| Circle::new((along.of(e), size(e)), 3, c.stroke_width(1))),
        )?;
        let timeouts = timeline
            .iter()
            .filter(|e| e.pass == pass && e.verdict == "timeout");
        chart.draw_series(
            timeouts.map(|e| Cross::new((along.of(e), size(e)), 4, c.stroke_width(2))),
        )?;
    }
    Ok(())
}

/// The passes in the order they first appear, each with its colour, and
/// the marks of failed tests.
fn legend_of(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    passes: &[&'static str],
) -> Result<(), Box<dyn std::error::Error>> {
    let font = ("sans-serif", 12).into_font();
    let row = |i: usize| 40 + 18 * i as i32;
    for (i, pass) in passes.iter().enumerate() {
        let y = row(i);
        area.draw(&PathElement::new(
            vec![(8, y), (30, y)],
            colour(i).stroke_width(3),
        ))?;
        area.draw(&Text::new(pass.to_string(), (38, y - 7), font.clone()))?;
    }
    let y = row(passes.len() + 1);
    area.draw(&Circle::new((19, y), 3, BLACK.stroke_width(1)))?;
    area.draw(&Text::new("failed test", (38, y - 7), font.clone()))?;
    let y = row(passes.len() + 2);
    area.draw(&Cross::new((19, y), 4, BLACK.stroke_width(2)))?;
    area.draw(&Text::new("test timed out", (38, y - 7), font))?;
    Ok(())
}
