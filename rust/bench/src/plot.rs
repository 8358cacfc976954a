//! The pictures of `--plot DIR`, drawn with plotters' bitmap backend and
//! the font shipped in rust/bench/fonts (no system font or fontconfig
//! needed): `compare msm`'s time per MSM against n ([`msm_times`]) and
//! `compare eip2537`'s MSM gas rate against k ([`gas_rates`]). The areas
//! write the data files beside them; a picture that cannot be drawn is
//! reported and never fails the run.

use crate::eip2537::Point;
use crate::msm::{Sample, SERIES};
use std::path::Path;

/// Creates `dir` (and its parents) for the plots and their data; exits
/// with status 2 if it cannot.
pub(crate) fn create_dir(dir: &str) -> &Path {
    let dir = Path::new(dir);
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("compare: cannot create {}: {e}", dir.display());
        std::process::exit(2);
    }
    dir
}

/// Registers the embedded font as plotters' "sans-serif".
fn embedded_font() -> Result<(), Box<dyn std::error::Error>> {
    use plotters::style::{register_font, FontStyle};
    register_font("sans-serif", FontStyle::Normal, FONT).map_err(|_| "the embedded font does not load")?;
    Ok(())
}

/// `k` in superscript digits (DejaVu Sans has them).
fn superscript(k: i32) -> String {
    k.to_string()
        .chars()
        .map(|c| match c {
            '-' => '\u{207b}',
            '1' => '\u{b9}',
            '2' => '\u{b2}',
            '3' => '\u{b3}',
            d => char::from_u32(0x2070 + d.to_digit(10).unwrap_or(0)).unwrap_or(d),
        })
        .collect()
}

/// DejaVu Sans (rust/bench/fonts/LICENSE-DejaVu), for plotters' `ab_glyph`
/// text: no system font needed.
static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// Time per MSM (ms, log scale) against log2 n: one line per library
/// (colour) and thread setting (thick with circles: one thread; thin with
/// triangles: all threads).
pub(crate) fn msm_times(path: &Path, title: &str, samples: &[&Sample]) -> Result<(), Box<dyn std::error::Error>> {
    use plotters::prelude::*;

    embedded_font()?;

    let k_min = samples.iter().map(|s| s.log_n).min().unwrap() as i32;
    let k_max = samples.iter().map(|s| s.log_n).max().unwrap() as i32;
    let ms: Vec<f64> = samples.iter().map(|s| s.ns / 1e6).collect();
    // Whole decades, so that the log axis always has labelled ticks.
    let lo = 10f64.powf(ms.iter().cloned().fold(f64::INFINITY, f64::min).log10().floor());
    let hi = 10f64.powf(ms.iter().cloned().fold(0.0, f64::max).log10().ceil());

    let root = BitMapBackend::new(path, (960, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 26))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d((k_min - 1)..(k_max + 1), (lo..hi).log_scale())?;
    chart
        .configure_mesh()
        .x_labels((k_max - k_min + 3) as usize)
        .x_label_formatter(&|k| format!("2{}", superscript(*k)))
        .y_label_formatter(&|t| {
            if *t >= 1.0 {
                format!("{t:.0}")
            } else {
                format!("{t}")
            }
        })
        .x_desc("n (points)")
        .y_desc("time per MSM (ms)")
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;

    let colour = |lib: &str| match lib {
        "ours" => RGBColor(200, 30, 30),
        "blst" => RGBColor(30, 80, 200),
        _ => RGBColor(20, 140, 60),
    };
    for (i, &(lib, all)) in SERIES.iter().enumerate() {
        let pts: Vec<(i32, f64)> =
            samples.iter().filter(|s| s.series == i).map(|s| (s.log_n as i32, s.ns / 1e6)).collect();
        if pts.is_empty() {
            continue;
        }
        let c = colour(lib);
        let style = c.stroke_width(if all { 1 } else { 3 });
        let label = format!("{lib}, {}", if all { "all threads" } else { "1 thread" });
        chart
            .draw_series(LineSeries::new(pts.clone(), style))?
            .label(label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], style));
        if all {
            chart.draw_series(pts.iter().map(|&p| TriangleMarker::new(p, 6, c.filled())))?;
        } else {
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 4, c.filled())))?;
        }
    }
    draw_legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
    root.present()?;
    Ok(())
}

/// Mgas/s (linear, from 0) against log2 k: G1MSM thick, G2MSM thin, ours
/// red, revm blue, ecrecover's rate a black line.
pub(crate) fn gas_rates(path: &Path, points: &[Point], ecr: f64) -> Result<(), Box<dyn std::error::Error>> {
    use plotters::prelude::*;

    embedded_font()?;
    let k_max = points.iter().map(|p| p.1.trailing_zeros() as i32).max().unwrap_or(0);
    let top = points.iter().flat_map(|p| [p.2, p.3]).fold(ecr, f64::max) * 1.15;

    let root = BitMapBackend::new(path, (960, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("EIP-2537 MSM gas rate, one thread (compare eip2537)", ("sans-serif", 26))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5f64..(k_max as f64 + 0.5), 0.0..top)?;
    chart
        .configure_mesh()
        .x_labels((k_max + 2) as usize)
        .x_label_formatter(&|x| {
            let r = x.round();
            if (x - r).abs() < 1e-6 && r >= 0.0 {
                format!("{}", 1u64 << (r as u32))
            } else {
                String::new()
            }
        })
        .x_desc("k (point, scalar pairs)")
        .y_desc("Mgas/s")
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;

    let red = RGBColor(200, 30, 30);
    let blue = RGBColor(30, 80, 200);
    for (g, width) in [("G1MSM", 3), ("G2MSM", 1)] {
        for (lib, colour, ours) in [("ours", red, true), ("revm (blst)", blue, false)] {
            let pts: Vec<(f64, f64)> = points
                .iter()
                .filter(|p| p.0 == g)
                .map(|p| (p.1.trailing_zeros() as f64, if ours { p.2 } else { p.3 }))
                .collect();
            if pts.is_empty() {
                continue;
            }
            let style = colour.stroke_width(width);
            chart
                .draw_series(LineSeries::new(pts.clone(), style))?
                .label(format!("{g}, {lib}"))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], style));
            if width > 1 {
                chart.draw_series(pts.iter().map(|&p| Circle::new(p, 4, colour.filled())))?;
            } else {
                chart.draw_series(pts.iter().map(|&p| TriangleMarker::new(p, 6, colour.filled())))?;
            }
        }
    }
    let line = BLACK.stroke_width(2);
    chart
        .draw_series(LineSeries::new(vec![(-0.5, ecr), (k_max as f64 + 0.5, ecr)], line))?
        .label(format!("ecrecover ({ecr:.0} Mgas/s)"))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], line));
    draw_legend(&mut chart, SeriesLabelPosition::LowerRight)?;
    root.present()?;
    Ok(())
}

/// The legend of a chart: framed, on a
/// translucent white, at `position`.
fn draw_legend<'a, DB, X, Y>(
    chart: &mut plotters::chart::ChartContext<'a, DB, plotters::coord::cartesian::Cartesian2d<X, Y>>,
    position: plotters::chart::SeriesLabelPosition,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB: plotters::prelude::DrawingBackend + 'a,
    DB::ErrorType: 'static,
    X: plotters::coord::ranged1d::Ranged,
    Y: plotters::coord::ranged1d::Ranged,
{
    use plotters::prelude::*;
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 16))
        .draw()?;
    Ok(())
}
