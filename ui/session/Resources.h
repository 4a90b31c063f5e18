#pragma once
#include <QString>
#include <QStringList>

namespace rr::ui {

// The folder of the bundled sample data: next to the executable (installed or build tree),
// else the source tree's resources/data (RR_RESOURCES_DIR). Empty when none exists.
QString bundledDataDir();
// The bundled Adult sample: adult.data.csv and adult.test.csv (opened together as one table).
QStringList bundledSample();

// "sample:NAME" for a file of the bundled folder (portable in sessions), else the path itself.
QString portablePath(const QString& path);
// The inverse; relative paths are resolved against `baseDir`.
QString resolvePath(const QString& stored, const QString& baseDir);

} // namespace rr::ui
