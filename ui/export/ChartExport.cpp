#include "ui/export/ChartExport.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "ui/charts/ChartView.h"
#include "ui/export/SvgText.h"

#include <QBuffer>
#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>

namespace rr::ui {
namespace {

[[noreturn]] void fail(const QString& message)
{
    throw InputError(message.toStdString());
}

void writeAtomically(const QString& path, const QByteArray& bytes)
{
    writeBytesAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

void render(ChartView* view, QPainter* painter, const QRectF& target)
{
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    painter->setRenderHint(QPainter::SmoothPixmapTransform);
    view->render(painter, target, view->viewport()->rect());
}

void checkDrawn(ChartView* view)
{
    if (!view)
        fail(QObject::tr("no chart to export"));
    if (!view->hasData())
        fail(QObject::tr("the %1 chart has no data yet (open a table and wait for the computation)")
                 .arg(view->chartName()));
}

} // namespace

QString exportFormatOf(const QString& path)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    return ext == "png" || ext == "svg" || ext == "pdf" ? ext : QString();
}

QImage renderChartImage(ChartView* view, int dpi)
{
    checkDrawn(view);
    if (dpi < 24 || dpi > 1200)
        fail(QObject::tr("a PNG resolution must lie between 24 and 1200 dpi (got %1)").arg(dpi));
    const QSize logical = view->viewport()->size();
    const double scale = dpi / 96.0;
    QImage image(QSize(static_cast<int>(std::ceil(logical.width() * scale)),
                       static_cast<int>(std::ceil(logical.height() * scale))),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    const int dpm = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    QPainter painter(&image);
    render(view, &painter, QRectF(QPointF(0, 0), image.size()));
    painter.end();
    return image;
}

void exportChart(ChartView* view, const QString& path, int dpi)
{
    const QString format = exportFormatOf(path);
    if (format.isEmpty())
        fail(QObject::tr("cannot tell the format of '%1': use a .png, .svg or .pdf file name").arg(path));
    checkDrawn(view);
    const QSize size = view->viewport()->size();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (format == "png") {
        if (!renderChartImage(view, dpi).save(&buffer, "PNG"))
            fail(QObject::tr("could not encode the PNG image"));
    } else if (format == "svg") {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(96);
        svg.setTitle(view->chart()->title());
        svg.setDescription(QObject::tr("RR Explorer chart '%1'").arg(view->chartName()));
        QPainter painter(&svg);
        render(view, &painter, QRectF(QPointF(0, 0), size));
        painter.end();
        buffer.close();
        bytes = joinSvgTextRuns(bytes); // each label one <text>
    } else {
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("RR Explorer"));
        pdf.setTitle(view->chart()->title());
        pdf.setResolution(300);
        // One page the chart's size (1 logical pixel = 1/96 inch).
        pdf.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / 96.0, size.height() * 72.0 / 96.0), QPageSize::Point,
                                  QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&pdf);
        render(view, &painter, QRectF(0, 0, pdf.width(), pdf.height()));
        painter.end();
    }
    buffer.close();
    if (bytes.isEmpty())
        fail(QObject::tr("rendering the %1 chart produced nothing").arg(view->chartName()));
    writeAtomically(path, bytes);
}

void copyChartToClipboard(ChartView* view)
{
    QImage image = renderChartImage(view, static_cast<int>(96 * view->devicePixelRatioF()));
    QGuiApplication::clipboard()->setImage(image);
}

} // namespace rr::ui
