/**
 * Shaped as Final Draft 10–12 writes a file (its attributes, a scene's properties inside the heading, notes inline
 * and in <ScriptNotes>, revision sets, the page header's "." on the title page); the words are the project's own.
 */
export const FINAL_DRAFT_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">
  <Content>
    <Paragraph Number="1" Type="Scene Heading">
      <SceneProperties Length="1 2/8" Page="1" Title="The Crossing">
        <SetList><Set ID="1"/></SetList>
        <Summary>
          <Paragraph Alignment="Left" FirstIndent="0.00" Leading="Regular" LeftIndent="1.00" RightIndent="7.50" SpaceBefore="0" Spacing="1" StartsNewPage="No">
            <Text AdornmentStyle="0" Background="#FFFFFFFFFFFF" Color="#000000000000" Font="Courier Final Draft" RevisionID="0" Size="12" Style="">The ferry leaves without her.</Text>
          </Paragraph>
        </Summary>
      </SceneProperties>
      <Text>EXT. FERRY DOCK - DUSK</Text>
    </Paragraph>
    <Paragraph Type="Action">
      <ScriptNote Color="#FFFF00" DateTime="2031-03-02T10:00:00Z" ID="3" MarkerType="Icon" Writer="IM">
        <Paragraph Alignment="Left"><Text>Check the tide tables</Text></Paragraph>
      </ScriptNote>
      <Text RevisionID="2">The gulls scatter.</Text>
    </Paragraph>
    <Paragraph Type="Character"><Text>IDA</Text></Paragraph>
    <Paragraph Type="Dialogue"><Text RevisionID="1">Wait for me!</Text></Paragraph>
    <Paragraph Type="Action" Alignment="Center"><Text>THE END</Text></Paragraph>
  </Content>
  <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="Yes" StartingPage="1">
    <Header><Paragraph Alignment="Right" Type="Header"><DynamicLabel Type="Page #"/><Text>.</Text></Paragraph></Header>
  </HeaderAndFooter>
  <TitlePage>
    <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="Yes" StartingPage="1">
      <Header><Paragraph Alignment="Right" Type="Header"><DynamicLabel Type="Page #"/><Text>.</Text></Paragraph></Header>
    </HeaderAndFooter>
    <Content>
      <Paragraph Alignment="Center" Type="Text"><Text></Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text Style="Underline">TIDE WATER</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text>Written by</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text>Ines Marlow</Text></Paragraph>
      <Paragraph Alignment="Center" Type="Text"><Text>Based on the novel by Per Holm</Text></Paragraph>
      <Paragraph Alignment="Left" Type="Text"><Text>Revised draft 2 March 2031</Text></Paragraph>
      <Paragraph Alignment="Left" Type="Text"><Text>ines@example.org</Text></Paragraph>
    </Content>
  </TitlePage>
  <ScriptNotes>
    <ScriptNote Color="#FFFF00" ID="7" MarkerType="Icon" Range="47,58" Writer="IM">
      <Paragraph><Text>Too long? &amp; too loud]]</Text></Paragraph>
    </ScriptNote>
  </ScriptNotes>
  <Revisions ActiveSet="2" Location="7.75" RevisionMode="Yes" RevisionsShown="Active" ShowAllMarks="No" ShowAllSets="No">
    <Revision Color="#000000" FullRevision="No" ID="1" Mark="*" Name="Blue Rev." Style=""/>
    <Revision Color="#000000" FullRevision="No" ID="2" Mark="*" Name="Pink Rev." Style=""/>
  </Revisions>
</FinalDraft>`;
