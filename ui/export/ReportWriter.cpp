#include "ui/export/ReportWriter.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ChartView.h"
#include "ui/compute/Workspace.h"
#include "ui/export/ChartExport.h"
#include "ui/session/ViewResolution.h"

#include <QBuffer>
#include <QDateTime>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include <cmath>

namespace rr::ui {
namespace {

[[noreturn]] void fail(const QString& message)
{
    throw InputError(message.toStdString());
}

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QByteArray pngBytes(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

} // namespace

QString reportHtml(const Workspace& w, const QList<ChartView*>& charts, bool embedImages, const QStringList& sections)
{
    const auto a = w.analysis();
    const auto live = w.lastLive();
    const AnalysisState& st = *w.state();
    QString h;
    h += "<html><head><meta charset=\"utf-8\"><title>RR Explorer report</title>"
         "<style>body{font-family:sans-serif;max-width:60em;margin:auto} table{border-collapse:collapse}"
         "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left} th{background:#eee}</style></head><body>";
    h += QObject::tr("<h1>Randomized response: privacy and utility report</h1><p>%1</p>")
             .arg(QDateTime::currentDateTime().toString(Qt::ISODate));
    h += QObject::tr("<h2>Data</h2><table>");
    for (const QString& p : st.dataPaths())
        h += QObject::tr("<tr><th>file</th><td>%1</td></tr>").arg(p.toHtmlEscaped());
    if (a) {
        h += QObject::tr("<tr><th>records loaded</th><td>%1</td></tr>")
                 .arg(style::count(static_cast<double>(a->loadedRows)));
        h += QObject::tr("<tr><th>records dropped (missing values)</th><td>%1</td></tr>")
                 .arg(style::count(static_cast<double>(a->droppedRows)));
        h += QObject::tr("<tr><th>records analysed N</th><td>%1</td></tr>").arg(style::count(a->records));
        h += QObject::tr("<tr><th>joint domain D</th><td>%1 cells</td></tr>")
                 .arg(style::count(static_cast<double>(a->joint.cellCount())));
    }
    h += "</table>";
    const AnalysisSpec& spec = st.spec();
    QStringList qi;
    for (const auto& q : spec.quasiIdentifiers)
        qi << esc(q);
    h += QObject::tr("<h2>Roles</h2><p>Quasi-identifiers: %1<br>Sensitive attribute: %2<br>Missing values: %3</p>")
             .arg(qi.join(", "), esc(spec.sensitive),
                  spec.policy == MissingPolicy::DropIncomplete ? QObject::tr("drop records with any missing value")
                                                               : QObject::tr("drop records missing a used value"));
    h += QObject::tr("<h2>Parameters</h2><p>Mode %1, target l = %2 (\u03C4 = %3)</p>")
             .arg(style::modeName(st.mode()))
             .arg(1.0 / st.tau(), 0, 'g', 4)
             .arg(st.tau(), 0, 'f', 4);
    if (a) {
        const auto p = effectiveRetentions(*a, st);
        h += QObject::tr("<table><tr><th>attribute</th><th>role</th><th>d</th><th>p</th><th>q</th><th>\u03B5 (LDP)</th>"
                         "<th>\u2016P\u207B\u00B9\u2016\u00B2<sub>F</sub></th></tr>");
        for (int i = 0; i < a->axisCount(); ++i) {
            const int d = a->dims[static_cast<std::size_t>(i)];
            const double pi = p[static_cast<std::size_t>(i)];
            const double eps = warnerEpsilon(d, pi);
            h += QString("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>")
                     .arg(esc(a->names[static_cast<std::size_t>(i)]), i == a->sensitiveAxis() ? "S" : "QI")
                     .arg(d)
                     .arg(pi, 0, 'f', 4)
                     .arg(DistortionMatrix::warner(d, pi).q(), 0, 'f', 4)
                     .arg(std::isfinite(eps) ? QString::number(eps, 'f', 3) : QObject::tr("none (p = 1)"))
                     .arg(warnerInverseFrobeniusSquared(d, pi), 0, 'g', 5);
        }
        h += "</table>";
    }
    if (live) {
        const auto& s = live->risk.summary;
        h += QObject::tr("<h2>Attribute disclosure risk</h2><table>"
                         "<tr><th>max risk</th><td>%1</td></tr><tr><th>mean risk</th><td>%2</td></tr>"
                         "<tr><th>median / 90% / 99%</th><td>%3 / %4 / %5</td></tr>"
                         "<tr><th>records above \u03C4</th><td>%6</td></tr></table>")
                 .arg(s.maxRisk, 0, 'f', 4)
                 .arg(s.meanRisk, 0, 'f', 4)
                 .arg(s.p50, 0, 'f', 4)
                 .arg(s.p90, 0, 'f', 4)
                 .arg(s.p99, 0, 'f', 4)
                 .arg(style::count(s.recordsOverTau));
        h += QObject::tr("<h2>Utility</h2><p>Expected squared error E\u2016\u03C0<sub>est</sub> \u2212 "
                         "\u03C0\u2016\u00B2 = tr \u03A3 = %1; "
                         "objective \u220F \u2016P<sub>i</sub><sup>\u22121</sup>\u2016\u00B2<sub>F</sub> = %2 (003 "
                         "Lemma 4, eq. 5.18).</p>")
                 .arg(live->traceCovariance, 0, 'g', 4)
                 .arg(live->objective, 0, 'g', 5);
    }
    for (const QString& section : sections)
        h += section;
    h += QObject::tr("<h2>Charts</h2>");
    for (ChartView* c : charts) {
        if (!c || !c->hasData())
            continue;
        const QString src =
            embedImages ? "data:image/png;base64," + QString::fromLatin1(pngBytes(renderChartImage(c, 144)).toBase64())
                        : "chart-" + c->chartName() + ".png";
        h += QString("<p><img src=\"%1\" width=\"%2\"></p>").arg(src).arg(std::min(720, c->viewport()->width()));
    }
    h += "</body></html>";
    return h;
}

void exportReport(const QString& path, const Workspace& w, const QList<ChartView*>& charts, const QStringList& sections)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    if (ext == "html" || ext == "htm") {
        bytes = reportHtml(w, charts, true, sections).toUtf8();
    } else if (ext == "pdf") {
        QTextDocument doc;
        for (ChartView* c : charts)
            if (c && c->hasData())
                doc.addResource(QTextDocument::ImageResource, QUrl("chart-" + c->chartName() + ".png"),
                                renderChartImage(c, 144));
        doc.setHtml(reportHtml(w, charts, false, sections));
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("RR Explorer"));
        pdf.setTitle(QObject::tr("RR Explorer report"));
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        doc.print(&pdf);
        buffer.close();
    } else {
        fail(QObject::tr("a report is written as .html or .pdf (got '%1')").arg(path));
    }
    writeBytesAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace rr::ui
