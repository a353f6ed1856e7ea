import Foundation
import PackagePlugin

/// Builds the web client into the server: for the target it is applied to (WebClient), runs
/// `SiteEmbedder` over the target's `site/` folder whenever one of its files changes, and
/// compiles the Swift it writes. Nothing generated is kept in the tree, and no manual step
/// stands between editing a file under `site/` and the server serving it.
@main
struct EmbedSite: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let site = target.directoryURL.appendingPathComponent("site")
        var inputs: [URL] = []
        let walker = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { inputs.append(url) }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("WebAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding the web client's \(inputs.count) files",
                executable: try context.tool(named: "SiteEmbedder").url,
                arguments: [site.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
