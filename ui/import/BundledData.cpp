#include "ui/import/BundledData.h"

#include "core/session/SessionPlaces.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace rr::ui {

QString bundledDataDir()
{
    const std::string app = QCoreApplication::instance() ? QCoreApplication::applicationDirPath().toStdString() : "";
#ifdef RR_RESOURCES_DIR
    const std::string source = RR_RESOURCES_DIR;
#else
    const std::string source;
#endif
    return QString::fromStdString(findBundledDataDir(bundledDataCandidates(app, source)));
}

QStringList bundledSample()
{
    const QString dir = bundledDataDir();
    if (dir.isEmpty())
        return {};
    return {dir + "/adult.data.csv", dir + "/adult.test.csv"};
}

QString bundledHierarchyDir()
{
    const QString dir = bundledDataDir();
    if (dir.isEmpty() || !QFileInfo(dir + "/hierarchies").isDir())
        return {};
    return dir + "/hierarchies";
}

bool isBundledSample(const QStringList& paths)
{
    const QString dir = bundledDataDir();
    if (dir.isEmpty() || paths.isEmpty())
        return false;
    for (const QString& p : paths) {
        const QFileInfo info(p);
        if (!info.exists() || QFileInfo(info.canonicalPath()).canonicalFilePath() != dir)
            return false;
    }
    return true;
}

} // namespace rr::ui
