#include "ui/session/Resources.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace rr::ui {

QString bundledDataDir()
{
    QStringList candidates;
    if (QCoreApplication::instance()) {
        const QString app = QCoreApplication::applicationDirPath();
        candidates << app + "/resources/data" << app + "/../resources/data" << app + "/../share/rr-explorer/data"
                   << app + "/../../resources/data";
    }
#ifdef RR_RESOURCES_DIR
    candidates << QStringLiteral(RR_RESOURCES_DIR) + "/data";
#endif
    for (const QString& c : candidates)
        if (QFileInfo::exists(c + "/adult.data.csv"))
            return QDir(c).canonicalPath();
    return {};
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

QString portablePath(const QString& path)
{
    const QString dir = bundledDataDir();
    const QFileInfo info(path);
    if (!dir.isEmpty() && info.exists() && QFileInfo(info.canonicalPath()).canonicalFilePath() == dir)
        return "sample:" + info.fileName();
    return path;
}

QString resolvePath(const QString& stored, const QString& baseDir)
{
    if (stored.startsWith("sample:"))
        return bundledDataDir() + "/" + stored.mid(7);
    if (QFileInfo(stored).isRelative() && !baseDir.isEmpty())
        return QDir(baseDir).absoluteFilePath(stored);
    return stored;
}

} // namespace rr::ui
