#pragma once
// Export and save dialogs start in the folder last used (issue 11). Kept in the application's
// QSettings ("folders/<kind>", and "folders/any" for the latest of every kind).
#include <QString>

namespace rr::ui {

// The folder last used for `kind` ("chart", "report", "session", "release"), else the last folder of
// any kind, else the user's documents folder. Folders that no longer exist are skipped.
QString lastFolder(const QString& kind);
// `fileName` inside lastFolder(kind): the start path of a save dialog. An absolute `fileName` is kept.
QString startPath(const QString& kind, const QString& fileName);
// Remembers the folder holding `path` (a file chosen in a dialog) for `kind`; empty paths are ignored.
void rememberFolder(const QString& kind, const QString& path);

} // namespace rr::ui
