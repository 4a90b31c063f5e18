#include "ui/export/SvgText.h"

#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QRegularExpression>
#include <QTextDocumentFragment>

#include <cmath>
#include <vector>

namespace rr::ui {
namespace {

// One <text> element as QSvgPaintEngine::drawTextItem writes it.
struct TextRun {
    qsizetype begin = 0, end = 0; // byte range in the document
    QString fill, opacity, family, weight, style, content;
    double x = 0, y = 0, size = 0;
};

const QRegularExpression& runPattern()
{
    static const QRegularExpression re(
        R"re(<text fill="([^"]*)" fill-opacity="([^"]*)" stroke="none" xml:space="preserve" x="([^"]*)" y="([^"]*)" )re"
        R"re(font-family="([^"]*)" font-size="([^"]*)" font-weight="([^"]*)" font-style="([^"]*)"\s*>([^<]*)</text>)re");
    return re;
}

// The run's advance in SVG user units (logical pixels at 96 dpi).
double advance(const TextRun& r)
{
    static QImage device = [] {
        QImage image(1, 1, QImage::Format_ARGB32);
        image.setDotsPerMeterX(3780); // 96 dpi
        image.setDotsPerMeterY(3780);
        return image;
    }();
    QFont font(r.family);
    font.setPointSizeF(r.size * 72.0 / 96.0);
    font.setWeight(static_cast<QFont::Weight>(r.weight.toInt()));
    font.setItalic(r.style == "italic" || r.style == "oblique");
    const QString plain = QTextDocumentFragment::fromHtml(r.content).toPlainText();
    return QFontMetricsF(font, &device).horizontalAdvance(plain);
}

bool continues(const TextRun& a, const TextRun& b, const QString& between)
{
    if (!between.trimmed().isEmpty() || a.fill != b.fill || a.opacity != b.opacity || a.size != b.size ||
        std::abs(a.y - b.y) > 0.01)
        return false;
    return std::abs(a.x + advance(a) - b.x) <= a.size / 3;
}

QString tspan(const TextRun& first, const TextRun& r)
{
    QString attributes;
    if (r.family != first.family)
        attributes += QString(" font-family=\"%1\"").arg(r.family);
    if (r.weight != first.weight)
        attributes += QString(" font-weight=\"%1\"").arg(r.weight);
    if (r.style != first.style)
        attributes += QString(" font-style=\"%1\"").arg(r.style);
    return attributes.isEmpty() ? r.content : "<tspan" + attributes + ">" + r.content + "</tspan>";
}

} // namespace

QByteArray joinSvgTextRuns(const QByteArray& svg)
{
    const QString text = QString::fromUtf8(svg);
    std::vector<TextRun> runs;
    for (auto it = runPattern().globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        TextRun r;
        r.begin = m.capturedStart();
        r.end = m.capturedEnd();
        r.fill = m.captured(1);
        r.opacity = m.captured(2);
        r.x = m.captured(3).toDouble();
        r.y = m.captured(4).toDouble();
        r.family = m.captured(5);
        r.size = m.captured(6).toDouble();
        r.weight = m.captured(7);
        r.style = m.captured(8);
        r.content = m.captured(9);
        runs.push_back(r);
    }
    QString out;
    out.reserve(text.size());
    qsizetype copied = 0;
    for (std::size_t i = 0; i < runs.size();) {
        std::size_t j = i + 1;
        while (j < runs.size() &&
               continues(runs[j - 1], runs[j], text.mid(runs[j - 1].end, runs[j].begin - runs[j - 1].end)))
            ++j;
        if (j > i + 1) {
            const TextRun& first = runs[i];
            out += text.mid(copied, first.begin - copied);
            // The first run's element with every piece's content.
            const qsizetype open = text.indexOf('>', first.begin) + 1;
            out += text.mid(first.begin, open - first.begin);
            for (std::size_t k = i; k < j; ++k)
                out += tspan(first, runs[k]);
            out += "</text>";
            copied = runs[j - 1].end;
        }
        i = j;
    }
    out += text.mid(copied);
    return out.toUtf8();
}

} // namespace rr::ui
