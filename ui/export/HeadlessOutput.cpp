#include "ui/export/HeadlessOutput.h"
#include "ui/texts/ErrorText.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "ui/charts/ChartView.h"
#include "ui/export/ChartExport.h"

#include <QCoreApplication>
#include <QObject>
#include <QTextStream>

namespace rr::ui {

void checkHeadlessOutput(const HeadlessOptions& o, const QStringList& dataPaths)
{
    const std::string out = o.out.toStdString();
    if (sameFile(out, o.session.toStdString()))
        throw InputError("--out '" + out + "' is the session file: writing it would replace an input");
    for (const QString& p : dataPaths)
        if (sameFile(out, p.toStdString()))
            throw InputError("--out '" + out + "' is the data file '" + p.toStdString() +
                             "' of the session: writing it would replace an input");
}
void layOutOffscreen(ChartView* view, const HeadlessOptions& o)
{
    // At the requested size without putting a window on screen.
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(o.size);
    view->show();
    QCoreApplication::processEvents();
}

int writeHeadlessChart(ChartView* view, const HeadlessOptions& o, QTextStream& err)
{
    try {
        exportChart(view, o.out, o.dpi);
    } catch (const InputError& e) { // a bad target: a folder, a missing folder, a bad format
        err << "rr-explorer: " << errorText(e) << "\n";
        return 2;
    } catch (const IoError& e) { // the write itself failed (a full disk): not the caller's input
        err << "rr-explorer: " << errorText(e) << "\n";
        return 1;
    }
    return 0;
}

} // namespace rr::ui
