#pragma once
// Shared look of every chart: colour-blind-safe palette (Okabe-Ito), fonts, axes.
#include "core/analysis/UtilityLoss.h"
#include "core/risk/RandomizationMode.h"

#include <QChart>
#include <QColor>
#include <QLinearGradient>
#include <QString>

class QValueAxis;
class QAbstractSeries;

namespace rr::ui::style {

QColor original(); // blue
QColor expected(); // orange
QColor estimate(); // bluish green
QColor whisker();  // dark grey
QColor tau();      // vermillion
QColor mode(RandomizationMode m);
QString modeName(RandomizationMode m); // "RR-QI", "RR-S", "RR-Both"
QString metricLabel(UtilityMetric m);  // axis title of a utility loss, with its unit

// Title, legend at the bottom, light theme, tight margins, animations off (live redraw).
void setUpChart(QChart* chart, const QString& title);
QValueAxis* valueAxis(const QString& title, const QString& labelFormat = "%.2f");
void hideLegendMarker(QChart* chart, QAbstractSeries* series);
// Setters that leave the chart alone when nothing changes: a new title, series name or axis range
// re-lays the chart out, which would cost more than a whole risk pass on every slider step.
void setTitle(QChart* chart, const QString& title);
void setName(QAbstractSeries* series, const QString& name);
void setRange(QValueAxis* axis, double lo, double hi);
void setAxisTitle(QValueAxis* axis, const QString& title);
// Ticks at multiples of `step` (e.g. p axes: 0.1, 0.2, ...), whatever the range.
// Ticks at multiples of `step`, labelled with as many decimals as the step has (0.25 -> "%.2f").
void roundTicks(QValueAxis* axis, double step);
// The decimals `step` needs to be written exactly (0.25: 2, 0.2: 1, 5: 0; at most 9).
int decimalsFor(double step);
// A round tick step (1, 2, 2.5 or 5 times a power of 10) giving about `ticks` intervals over `span`.
double niceStep(double span, int ticks = 5);

// Perceptual colour map (viridis), t in [0, 1].
QColor viridis(double t);
QLinearGradient viridisGradient();

// "45,222" with the user's locale.
QString count(double n);
// Shortens a category label for an axis ("Married-civ-spouse" stays; very long ones get an ellipsis).
QString shortLabel(const QString& label, int maxChars = 18);

} // namespace rr::ui::style
