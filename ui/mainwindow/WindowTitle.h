#pragma once
// The window's title: the data (files, or a database's table or query) and the session it belongs to.
#include <QString>
#include <QStringList>

namespace rr::ui {

// "adult.csv[*] — RR Explorer", "s.json (adult.csv)[*] — RR Explorer"; the modified mark [*] before the
// application's name.
QString windowTitleOf(const QStringList& dataPaths, const QString& sessionPath);

} // namespace rr::ui
