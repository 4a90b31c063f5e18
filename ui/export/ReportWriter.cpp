#include "ui/export/ReportWriter.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ChartView.h"
#include "ui/document/Workspace.h"
#include "ui/export/ChartCaptions.h"
#include "ui/export/ChartExport.h"
#include "ui/export/ComparisonTable.h"
#include "ui/session/ViewResolution.h"

#include <QBuffer>
#include <QDateTime>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
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

// "Mode RR-QI, l = 5 (tau = 0.2); p (epsilon): age 0.8 (2.1), ..." for the charts' subtitles.
QString analysisParameters(const Workspace& w)
{
    const auto a = w.analysis();
    const AnalysisState& st = *w.state();
    QString text = QObject::tr("Mode %1, l = %2 (\u03C4 = %3)")
                       .arg(style::modeName(st.mode()))
                       .arg(1.0 / st.tau(), 0, 'g', 4)
                       .arg(st.tau(), 0, 'f', 4);
    if (!a)
        return text;
    const auto p = effectiveRetentions(*a, st);
    QStringList parts;
    for (int i = 0; i < a->axisCount(); ++i) {
        const int d = a->dims[static_cast<std::size_t>(i)];
        const double pi = p[static_cast<std::size_t>(i)];
        const double eps = warnerEpsilon(d, pi);
        const QString name = QString::fromStdString(a->names[static_cast<std::size_t>(i)]);
        parts << (std::isfinite(eps)
                      ? QObject::tr("%1 p = %2 (\u03B5 = %3)").arg(name).arg(pi, 0, 'f', 3).arg(eps, 0, 'f', 2)
                      : QObject::tr("%1 kept (p = 1)").arg(name));
    }
    return text + "; " + parts.join(", ");
}

// The data's files and record counts.
void addDataSection(QString& h, const AnalysisState& st, const std::shared_ptr<const PreparedAnalysis>& a)
{
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
}

// The quasi-identifiers, the sensitive attribute and the missing-value policy.
void addRolesSection(QString& h, const AnalysisState& st)
{
    const AnalysisSpec& spec = st.spec();
    QStringList qi;
    for (const auto& q : spec.quasiIdentifiers)
        qi << esc(q);
    h += QObject::tr("<h2>Roles</h2><p>Quasi-identifiers: %1<br>Sensitive attribute: %2<br>Missing values: %3</p>")
             .arg(qi.join(", "), esc(spec.sensitive),
                  spec.policy == MissingPolicy::DropIncomplete ? QObject::tr("drop records with any missing value")
                                                               : QObject::tr("drop records missing a used value"));
}

// The mode and l, and each attribute's p, q, epsilon and ||P^-1||_F^2.
void addParametersSection(QString& h, const Workspace& w, const std::shared_ptr<const PreparedAnalysis>& a)
{
    const AnalysisState& st = *w.state();
    h += QObject::tr("<h2>Parameters</h2><p>Mode %1, target l = %2 (\u03C4 = %3)</p>")
             .arg(style::modeName(st.mode()))
             .arg(1.0 / st.tau(), 0, 'g', 4)
             .arg(st.tau(), 0, 'f', 4);
    if (a) {
        const auto p = effectiveRetentions(*a, st);
        // The file's variable labels (SPSS, Stata, SAS) beside the names, when it has any.
        QStringList labels;
        bool labelled = false;
        for (const std::string& n : a->names) {
            const std::string l = w.source() ? w.source()->attributeLabel(n) : std::string();
            labelled = labelled || !l.empty();
            labels << esc(l);
        }
        h += QObject::tr("<table><tr><th>attribute</th>%1<th>role</th><th>d</th><th>p</th><th>q</th><th>\u03B5 (LDP)</th>"
                         "<th>\u2016P\u207B\u00B9\u2016\u00B2<sub>F</sub></th></tr>")
                 .arg(labelled ? QObject::tr("<th>description</th>") : QString());
        for (int i = 0; i < a->axisCount(); ++i) {
            const int d = a->dims[static_cast<std::size_t>(i)];
            const double pi = p[static_cast<std::size_t>(i)];
            const double eps = warnerEpsilon(d, pi);
            const QString name = esc(a->names[static_cast<std::size_t>(i)]) +
                                 (labelled ? "</td><td>" + labels[i] : QString());
            h += QString("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>")
                     .arg(name, i == a->sensitiveAxis() ? "S" : "QI")
                     .arg(d)
                     .arg(pi, 0, 'f', 4)
                     .arg(DistortionMatrix::warner(d, pi).q(), 0, 'f', 4)
                     .arg(std::isfinite(eps) ? QString::number(eps, 'f', 3) : QObject::tr("none (p = 1)"))
                     .arg(warnerInverseFrobeniusSquared(d, pi), 0, 'g', 5);
        }
        h += "</table>";
    }
}

// The live frame's attribute disclosure and re-identification risk, and its utility.
void addRiskSections(QString& h, const std::shared_ptr<const Frame>& live)
{
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
        if (const auto& r = live->reidentification.risk) {
            h += QObject::tr("<h2>Re-identification risk</h2><p>An attacker who knows a person's quasi-identifiers "
                             "and that the person is in the release picks one released record with those values.</p>"
                             "<table><tr><th></th><th>original</th><th>at these p</th></tr>"
                             "<tr><th>largest risk</th><td>%1</td><td>%2</td></tr>"
                             "<tr><th>mean (share re-identified)</th><td>%3</td><td>%4</td></tr>"
                             "<tr><th>records above %5</th><td>%6%</td><td>%7%</td></tr>"
                             "<tr><th>sample uniques</th><td>%8</td><td>%8</td></tr></table>")
                     .arg(r->original.max, 0, 'f', 4)
                     .arg(r->randomized.max, 0, 'f', 4)
                     .arg(r->original.mean, 0, 'f', 5)
                     .arg(r->randomized.mean, 0, 'f', 5)
                     .arg(r->threshold, 0, 'g', 3)
                     .arg(100 * r->original.aboveThreshold, 0, 'f', 2)
                     .arg(100 * r->randomized.aboveThreshold, 0, 'f', 2)
                     .arg(style::count(r->original.sampleUniques));
        } else if (!live->reidentification.unavailable.empty()) {
            h += QObject::tr("<h2>Re-identification risk</h2><p>Not computed: %1</p>")
                     .arg(esc(live->reidentification.unavailable));
        }
        h += QObject::tr("<h2>Utility</h2><p>Expected squared error E\u2016\u03C0<sub>est</sub> \u2212 "
                         "\u03C0\u2016\u00B2 = tr \u03A3 = %1; "
                         "objective \u220F \u2016P<sub>i</sub><sup>\u2212" "1</sup>\u2016\u00B2<sub>F</sub> = %2 "
                         "(see Method).</p>")
                 .arg(live->traceCovariance, 0, 'g', 4)
                 .arg(live->objective, 0, 'g', 5);
    }
}

// The text, paginated by QTextDocument in 96-dpi layout units, scaled to the page.
void drawTextPages(QPdfWriter& pdf, QPainter& painter, const QSizeF& page, const QString& textHtml)
{
    double k = pdf.resolution() / 96.0;
    QTextDocument doc;
    doc.setHtml(textHtml);
    doc.setPageSize(page / k);
    // A table wider than the page (long names) is scaled down with the text rather than cut.
    const double fit = std::min(1.0, page.width() / k / doc.size().width());
    if (fit < 1) {
        doc.setPageSize(page / k / fit);
        k *= fit;
    }
    for (int i = 0; i < doc.pageCount(); ++i) {
        if (i > 0)
            pdf.newPage();
        painter.save();
        painter.scale(k, k);
        const QRectF pageRect(QPointF(0, i * page.height() / k), page / k);
        painter.translate(0, -pageRect.top());
        doc.drawContents(&painter, pageRect);
        painter.restore();
    }
}

// The charts, each scaled to the page's width with its aspect kept (at most a third of a page high: two to a page),
// under its heading, parameters and caption; a chart never breaks across pages.
void drawCharts(QPdfWriter& pdf, QPainter& painter, const QSizeF& page, const QList<ReportChart>& charts)
{
    QFont headingFont = QFont(QStringLiteral("DejaVu Sans"), 12, QFont::Bold);
    QFont textFont = QFont(QStringLiteral("DejaVu Sans"), 9);
    QFont paramsFont = textFont;
    paramsFont.setItalic(true);
    const double gap = pdf.resolution() * 0.08; // 2 mm
    auto measured = [&](const QFont& f, const QString& text) {
        if (text.isEmpty())
            return 0.0;
        painter.setFont(f);
        return painter.boundingRect(QRectF(0, 0, page.width(), 1e7), Qt::TextWordWrap, text).height();
    };
    double y = page.height(); // charts start on a new page
    for (const ReportChart& b : charts) {
        const QSize source = b.view->viewport()->size();
        if (source.isEmpty())
            continue;
        double w = page.width();
        double h = w * source.height() / source.width();
        if (h > 0.34 * page.height()) {
            h = 0.34 * page.height();
            w = h * source.width() / source.height();
        }
        const double headingH = measured(headingFont, b.heading);
        const double paramsH = measured(paramsFont, b.parameters);
        const double captionH = measured(textFont, b.caption);
        const double blockH = headingH + paramsH + gap + h + gap + captionH + 3 * gap;
        if (y + blockH > page.height()) {
            pdf.newPage();
            y = 0;
        }
        painter.setPen(Qt::black);
        painter.setFont(headingFont);
        painter.drawText(QRectF(0, y, page.width(), headingH), Qt::TextWordWrap, b.heading);
        y += headingH;
        painter.setFont(paramsFont);
        painter.drawText(QRectF(0, y, page.width(), paramsH), Qt::TextWordWrap, b.parameters);
        y += paramsH + gap;
        // Inset by the frame's half width so the frame, too, lies inside the margins.
        const double pen = pdf.resolution() * 0.01;
        const QRectF target((page.width() - w) / 2 + pen, y + pen, w - 2 * pen, h - 2 * pen);
        b.view->render(&painter, target, b.view->viewport()->rect(), Qt::KeepAspectRatio);
        painter.setPen(QPen(QColor(120, 120, 120), pen));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(target);
        y += h + gap;
        painter.setPen(Qt::black);
        painter.setFont(textFont);
        painter.drawText(QRectF(0, y, page.width(), captionH), Qt::TextWordWrap, b.caption);
        y += captionH + 3 * gap;
    }
}

} // namespace

QString reportTextHtml(const Workspace& w, const QStringList& sections,
                       const std::shared_ptr<const ComparisonRun>& comparison)
{
    const auto a = w.analysis();
    const auto live = w.lastLive();
    const AnalysisState& st = *w.state();
    QString h;
    h += "<html><head><meta charset=\"utf-8\"><title>RR Explorer report</title>"
         "<style>body{font-family:sans-serif;max-width:60em;margin:auto} table{border-collapse:collapse}"
         "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left} th{background:#eee} "
         "img{max-width:100%;height:auto}"
         "figure{margin:1em 0} .params{font-style:italic} table.compact td, table.compact th{font-size:7pt;"
         "padding:1px 3px} td.number{white-space:nowrap}</style></head><body>";
    h += QObject::tr("<h1>Randomized response: privacy and utility report</h1><p>%1</p>")
             .arg(QDateTime::currentDateTime().toString(Qt::ISODate));
    addDataSection(h, st, a);
    addRolesSection(h, st);
    addParametersSection(h, w, a);
    addRiskSections(h, live);
    for (const QString& section : sections)
        h += section;
    if (comparison)
        h += comparisonReportSection(*comparison);
    // The papers' equations here, not in the owner's sentences above (issue 45).
    h += QObject::tr("<h2>Method</h2><p>Risk: the largest posterior probability max<sub>r</sub> Pr(S<sub>r</sub> | "
                     "QI<sub>r</sub>). Utility: the expected squared error of "
                     "the estimate, tr \u03A3 (003 Lemma 4), and the optimizer's objective \u220F "
                     "\u2016P<sub>i</sub><sup>\u2212" "1</sup>\u2016\u00B2<sub>F</sub> (003 eq. 5.18).</p>");
    return h;
}

QList<ReportChart> reportCharts(const Workspace& w, const QList<ChartView*>& charts,
                                const std::shared_ptr<const ComparisonRun>& comparison)
{
    const QString parameters = analysisParameters(w);
    QList<ReportChart> blocks;
    for (ChartView* c : charts) {
        if (!c || !c->hasData())
            continue;
        const bool compared = c->chartName() == "comparison" || c->chartName() == "uncertainty";
        blocks << ReportChart{c, chartHeading(c->chartName()), chartCaption(c->chartName()),
                              compared && comparison ? comparisonParameters(*comparison) : parameters};
    }
    return blocks;
}

QString reportHtml(const Workspace& w, const QList<ChartView*>& charts, bool embedImages, const QStringList& sections,
                   const std::shared_ptr<const ComparisonRun>& comparison)
{
    QString h = reportTextHtml(w, sections, comparison);
    h += QObject::tr("<h2>Charts</h2>");
    for (const ReportChart& b : reportCharts(w, charts, comparison)) {
        const QString src = embedImages ? "data:image/png;base64," +
                                              QString::fromLatin1(pngBytes(renderChartImage(b.view, 144)).toBase64())
                                        : "chart-" + b.view->chartName() + ".png";
        h += QString("<figure><h3>%1</h3><p class=\"params\">%2</p><img src=\"%3\" width=\"%4\" alt=\"%1\">"
                     "<figcaption>%5</figcaption></figure>")
                 .arg(b.heading.toHtmlEscaped(), b.parameters.toHtmlEscaped(), src)
                 .arg(std::min(720, b.view->viewport()->width()))
                 .arg(b.caption.toHtmlEscaped());
    }
    h += "</body></html>";
    return h;
}

QByteArray reportPdf(const QString& textHtml, const QList<ReportChart>& charts)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setCreator(QStringLiteral("RR Explorer"));
    pdf.setTitle(QObject::tr("RR Explorer report"));
    pdf.setResolution(300);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    QPainter painter(&pdf);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // The painter's origin is the top left of the area inside the margins.
    const QSizeF page(pdf.width(), pdf.height());

    drawTextPages(pdf, painter, page, textHtml);
    drawCharts(pdf, painter, page, charts);
    painter.end();
    buffer.close();
    return bytes;
}

void exportReport(const QString& path, const Workspace& w, const QList<ChartView*>& charts, const QStringList& sections,
                  const std::shared_ptr<const ComparisonRun>& comparison)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    if (ext == "html" || ext == "htm") {
        bytes = reportHtml(w, charts, true, sections, comparison).toUtf8();
    } else if (ext == "pdf") {
        bytes =
            reportPdf(reportTextHtml(w, sections, comparison) + "</body></html>", reportCharts(w, charts, comparison));
    } else {
        fail(QObject::tr("a report is written as .html or .pdf (got '%1')").arg(path));
    }
    if (bytes.isEmpty())
        fail(QObject::tr("the report could not be rendered"));
    writeBytesAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace rr::ui
