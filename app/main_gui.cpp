// rr-explorer: the desktop application, or a headless chart export for scripted reports:
//   rr-explorer [FILE.csv ... | SESSION.json]
//   rr-explorer --session FILE --export-chart NAME --out FILE [--dpi N] [--size WxH] [--l-max L]
#include "ui/headless/HeadlessExport.h"
#include "ui/catalog/ViewCatalog.h"
#include "ui/mainwindow/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTranslator>

#include <cstring>
#include <memory>

// The interface in the user's language (QLocale::system()) when a translation rr-explorer_<locale>.qm is bundled
// in the resources or lies beside the binary (resources/translations/rr-explorer.ts is the template), and
// Qt's own strings (standard buttons, file dialogs) from Qt's translations.
static void installTranslations(QApplication& app)
{
    Q_INIT_RESOURCE(resources); // the static library's resources, before MainWindow registers them
    const QString here = QCoreApplication::applicationDirPath();
    auto* ours = new QTranslator(&app);
    for (const QString& dir : {QString(":/translations"), here, here + "/translations",
                               here + "/../share/rr-explorer/translations"})
        if (ours->load(QLocale::system(), "rr-explorer", "_", dir)) {
            QApplication::installTranslator(ours);
            break;
        }
    auto* qt = new QTranslator(&app);
    if (qt->load(QLocale::system(), "qtbase", "_", QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
}

// Without XDG_RUNTIME_DIR (a cron job, a container) Qt warns on stderr, which breaks the one-line error
// contract of a headless run: give it a private runtime folder (0700, removed at exit) instead.
static std::unique_ptr<QTemporaryDir> privateRuntimeDir(bool headless)
{
    std::unique_ptr<QTemporaryDir> runtimeDir;
    if (headless && qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        runtimeDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + "/rr-explorer-runtime-XXXXXX");
        if (runtimeDir->isValid() &&
            QFile::setPermissions(runtimeDir->path(),
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtimeDir->path()));
    }
    return runtimeDir;
}

// The options of --export-chart, in the order the parser lists them.
struct ExportOptions {
    QCommandLineOption session, chart, out, dpi, size, lMax, allowSql;
};

static ExportOptions addExportOptions(QCommandLineParser& parser)
{
    QCommandLineOption session("session", QObject::tr("Session file for --export-chart."), "FILE");
    QCommandLineOption chart(
        "export-chart",
        QObject::tr("Render chart NAME (%1) without a window.").arg(rr::ui::exportableChartNames().join(", ")), "NAME");
    QCommandLineOption out("out", QObject::tr("Output file: .png, .svg or .pdf."), "FILE");
    QCommandLineOption dpi("dpi", QObject::tr("PNG resolution (default 192)."), "N", "192");
    QCommandLineOption size("size", QObject::tr("Chart size in logical pixels (default 1100x680)."), "WxH", "1100x680");
    QCommandLineOption lMax("l-max", QObject::tr("comparison and uncertainty: compare at l = 2..L (default 7)."), "L",
                            "7");
    QCommandLineOption allowSql("allow-session-sql",
                                QObject::tr("--export-chart: run the SQL query the session stores (refused without)."));
    parser.addOptions({session, chart, out, dpi, size, lMax, allowSql});
    return {session, chart, out, dpi, size, lMax, allowSql};
}

// --export-chart: the options checked, then the chart rendered without a window.
static int exportChart(const QCommandLineParser& parser, const ExportOptions& options)
{
    const auto& [session, chart, out, dpi, size, lMax, allowSql] = options;
    QTextStream err(stderr);
    if (!parser.isSet(session) || !parser.isSet(out)) {
        err << "rr-explorer: --export-chart needs --session FILE and --out FILE\n";
        return 2;
    }
    rr::ui::HeadlessOptions o;
    o.session = parser.value(session);
    o.chart = parser.value(chart);
    o.out = parser.value(out);
    bool ok = false;
    o.dpi = parser.value(dpi).toInt(&ok);
    if (!ok || o.dpi < 24 || o.dpi > 1200) {
        err << "rr-explorer: --dpi must be an integer between 24 and 1200\n";
        return 2;
    }
    const QStringList wh = parser.value(size).toLower().split('x');
    int w = 0, h = 0;
    if (wh.size() == 2) {
        w = wh[0].toInt();
        h = wh[1].toInt();
    }
    if (w < 200 || h < 150 || w > 8000 || h > 8000) {
        err << "rr-explorer: --size must look like 1100x680 (200x150 .. 8000x8000)\n";
        return 2;
    }
    o.size = QSize(w, h);
    o.allowSessionSql = parser.isSet(allowSql);
    o.comparisonLMax = parser.value(lMax).toInt(&ok);
    if (!ok) {
        err << "rr-explorer: --l-max must be an integer between 2 and 12\n";
        return 2;
    }
    return rr::ui::runHeadlessExport(o, err);
}

int main(int argc, char* argv[])
{
    bool headless = false;
    for (int i = 1; i < argc; ++i)
        headless = headless || std::strcmp(argv[i], "--export-chart") == 0;
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen"); // no display needed to render charts
    const std::unique_ptr<QTemporaryDir> runtimeDir = privateRuntimeDir(headless);

    // QGuiApplication takes "-session"/"--session" for desktop session management and removes it
    // from argv: parse the arguments as given.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);

    QApplication app(argc, argv);
    installTranslations(app);
    QApplication::setOrganizationName("RR Explorer");
    QApplication::setApplicationName("rr-explorer");
    QApplication::setApplicationDisplayName("RR Explorer");
    QApplication::setApplicationVersion("0.1.0");
    QApplication::setWindowIcon(QIcon(":/icons/app.svg"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QObject::tr("Explore the privacy-utility trade-off of randomized response."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("files", QObject::tr("CSV files (one table) or one session (.json) to open"),
                                 "[files...]");
    const ExportOptions options = addExportOptions(parser);
    parser.process(arguments);

    if (parser.isSet(options.chart))
        return exportChart(parser, options);

    rr::ui::MainWindow window;
    window.show();
    window.openInitial(parser.positionalArguments());
    return app.exec();
}
