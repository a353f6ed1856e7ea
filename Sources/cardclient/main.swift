print("cardclient: not yet")
