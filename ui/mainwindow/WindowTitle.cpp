#include "ui/mainwindow/WindowTitle.h"

#include "ui/session/DatabaseChoice.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace rr::ui {
namespace {
// The title keeps the window's translation context.
struct TitleText {
    Q_DECLARE_TR_FUNCTIONS(rr::ui::MainWindow)
};
} // namespace

QString windowTitleOf(const QStringList& dataPaths, const QString& sessionPath)
{
    QStringList names;
    if (const auto db = databaseFrom(dataPaths))
        names << (db->query.isEmpty() ? db->table : TitleText::tr("query")) + " @ " + db->url;
    else
        for (const QString& p : dataPaths)
            names << QFileInfo(p).fileName();
    // The platform appends the application's name again to a title that does not end with it
    // ("adult.csv \u2014 RR Explorer* \u2014 RR Explorer").
    QString what = names.join(" + ");
    if (!sessionPath.isEmpty())
        what = QFileInfo(sessionPath).fileName() + " (" + what + ")";
    return what.isEmpty() ? QStringLiteral("[*]RR Explorer") : what + QStringLiteral("[*] \u2014 RR Explorer");
}

} // namespace rr::ui
