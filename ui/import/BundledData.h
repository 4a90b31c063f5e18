#pragma once
#include <QString>
#include <QStringList>

namespace rr::ui {

// The folder of the bundled sample data: next to the executable (installed or build tree),
// else the source tree's resources/data (RR_RESOURCES_DIR). Empty when none exists.
QString bundledDataDir();
// The bundled Adult sample: adult.data.csv and adult.test.csv (opened together as one table).
QStringList bundledSample();
// The ARX generalization hierarchies of the bundled sample (bundledDataDir()/hierarchies), for the
// Comparison view. Empty when the folder does not exist.
QString bundledHierarchyDir();
// Are all these files part of the bundled sample folder?
bool isBundledSample(const QStringList& paths);

} // namespace rr::ui
