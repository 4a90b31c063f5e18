#include "ui/export/LastFolder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace rr::ui {
namespace {

QString existingFolder(const QString& key)
{
    const QString folder = QSettings().value(key).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QString();
}

} // namespace

QString lastFolder(const QString& kind)
{
    for (const QString& key : {"folders/" + kind, QStringLiteral("folders/any")})
        if (const QString folder = existingFolder(key); !folder.isEmpty())
            return folder;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString startPath(const QString& kind, const QString& fileName)
{
    if (QFileInfo(fileName).isAbsolute())
        return fileName;
    return QDir(lastFolder(kind)).filePath(fileName);
}

void rememberFolder(const QString& kind, const QString& path)
{
    if (path.isEmpty())
        return;
    const QString folder = QFileInfo(path).absolutePath();
    QSettings settings;
    settings.setValue("folders/" + kind, folder);
    settings.setValue("folders/any", folder);
}

} // namespace rr::ui
