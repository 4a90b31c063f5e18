#pragma once
// What each exportable chart shows, in words, for the report's captions (issue 11).
#include <QString>

namespace rr::ui {

// A short heading ("Risk distribution") for an export name ("risk"); the name itself when unknown.
QString chartHeading(const QString& chartName);
// One or two sentences saying what the chart shows and how to read it; empty when unknown.
QString chartCaption(const QString& chartName);

} // namespace rr::ui
